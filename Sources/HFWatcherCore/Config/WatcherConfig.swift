import Foundation
import HFNetwork
public import HFPrimitives
import HFStore

/// The watcher's configuration (docs/design.md §8): provider URLs, files holding API keys, the poll interval. Values set with
/// `config set` override the defaults of the network (the public services; regtest has none: use `config set devnet`).
public struct WatcherConfig: Sendable, Equatable {
    /// The keys `config set` accepts.
    public static let keys = [
        "woc.url", "woc.key-file", "junglebus.url", "arc.url", "arc.key-file", "arc.failover.url",
        "arc.failover.key-file", "ordinals.url", "poll.seconds", "net.attempts", "net.timeout",
        "paymail.host-override", "wallet-api.timeout", "wallet-api.origins",
    ]

    /// The keys whose values are whole numbers (`config set` refuses anything else for them).
    public static let numericKeys: Set<String> = ["poll.seconds", "net.attempts", "net.timeout", "wallet-api.timeout"]

    /// The values in force (set ones over defaults), by key.
    public let values: [String: String]

    /// The configuration of `network`: `stored` over the network's defaults.
    public init(stored: [String: String], network: Network) {
        values = Self.defaults(network).merging(stored) { _, set in set }
    }

    /// A value, nil when neither set nor defaulted.
    public subscript(key: String) -> String? { values[key].flatMap { $0.isEmpty ? nil : $0 } }

    /// Seconds between polls of `watch` (default 30).
    public var pollSeconds: Int { self["poll.seconds"].flatMap(Int.init) ?? 30 }

    /// Attempts per request before a service counts as down (default 6: waits of 1, 2, 4, 8, 16 s between them).
    public var networkAttempts: Int { self["net.attempts"].flatMap(Int.init) ?? 6 }

    /// Seconds one attempt may take (default 30).
    public var networkTimeout: Int { self["net.timeout"].flatMap(Int.init) ?? 30 }

    /// Seconds a BRC-100 call that crosses to the signer waits for its answer (`wallet-api serve`, default 900).
    public var walletAPITimeout: Int { self["wallet-api.timeout"].flatMap(Int.init) ?? 900 }

    /// The public services of `network`.
    public static func defaults(_ network: Network) -> [String: String] {
        switch network {
        case .main:
            [
                "woc.url": "https://api.whatsonchain.com/v1/bsv/main", "junglebus.url": "https://junglebus.gorillapool.io/v1",
                "arc.url": "https://arc.gorillapool.io", "arc.failover.url": "https://arc.taal.com",
                "ordinals.url": OrdinalsClient.publicBaseURL(for: .main)?.absoluteString ?? "", "poll.seconds": "30",
            ]
        case .test:
            [
                "woc.url": "https://api.whatsonchain.com/v1/bsv/test", "arc.url": "https://testnet.arc.gorillapool.io",
                "arc.failover.url": "https://arc-test.taal.com", "poll.seconds": "30",
            ]
        case .regtest:
            ["poll.seconds": "30"]
        }
    }

    /// The settings that point every service at an `hf-devnet` at `base` (its own routes, docs/design.md §8).
    public static func devnet(_ base: String) -> [String: String] {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        return [
            "woc.url": base + "/woc/v1/bsv/regtest", "junglebus.url": base + "/junglebus/v1", "arc.url": base + "/arc",
            "ordinals.url": base + "/ordinals/api", "arc.failover.url": "", "arc.key-file": "", "arc.failover.key-file": "",
            "woc.key-file": "", "paymail.host-override": base + "/paymail",
        ]
    }

    /// Checks `value` for `key` and returns the settings to store.
    public static func setting(_ key: String, _ value: String) throws(WatcherError) -> [String: String] {
        if key == "devnet" {
            guard URL(string: value)?.scheme?.hasPrefix("http") == true else {
                throw .configuration(reason: "devnet needs the URL hf-devnet printed, like http://127.0.0.1:PORT")
            }
            return devnet(value)
        }
        guard keys.contains(key) else {
            throw .configuration(reason: "unknown key '\(key)'; keys: devnet, \(keys.joined(separator: ", "))")
        }
        if key.hasSuffix(".url") || key == "paymail.host-override", !value.isEmpty, URL(string: value)?.scheme?.hasPrefix("http") != true {
            throw .configuration(reason: "\(key) must be an http(s) URL, not '\(value)'")
        }
        if key == "poll.seconds", Int(value).map({ (1...86_400).contains($0) }) != true {
            throw .configuration(reason: "poll.seconds must be a whole number from 1 to 86400")
        }
        if key == "net.attempts", Int(value).map({ (1...10).contains($0) }) != true {
            throw .configuration(reason: "net.attempts must be a whole number from 1 to 10")
        }
        if key == "net.timeout", Int(value).map({ (1...600).contains($0) }) != true {
            throw .configuration(reason: "net.timeout must be a whole number of seconds from 1 to 600")
        }
        if key == "wallet-api.origins" {
            for origin in value.split(separator: " ") where try WalletAPIOrigins.canonical(String(origin)) != origin {
                throw .configuration(reason: "wallet-api.origins holds origins as scheme://host[:port] in lower case")
            }
        }
        return [key: value]
    }
}
