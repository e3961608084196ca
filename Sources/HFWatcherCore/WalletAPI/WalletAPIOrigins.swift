import Foundation
public import HFPrimitives

/// The web origins the user allowed to call the wallet API (`hf-watcher wallet-api allow|disallow|allowed`), kept
/// in the configuration as `wallet-api.origins` (space-separated; one list for every network). A request carrying an `Origin`
/// header (a browser sends one with every cross-origin request) is refused with 403 unless its origin is listed:
/// a web page the user merely visits is not an application.
public enum WalletAPIOrigins {
    /// The configuration key.
    static let key = "wallet-api.origins"

    /// `origin` in canonical form: `scheme://host[:port]`, lower case, `http` or `https` only, no path.
    /// - Throws: `WatcherError.configuration` naming what is wrong.
    public static func canonical(_ origin: String) throws(WatcherError) -> String {
        let text = origin.lowercased()
        guard let schemeEnd = text.range(of: "://") else {
            throw .configuration(reason: "'\(origin)' is not an origin: give scheme://host[:port], e.g. https://app.example")
        }
        let scheme = text[..<schemeEnd.lowerBound]
        let rest = text[schemeEnd.upperBound...]
        guard scheme == "http" || scheme == "https" else {
            throw .configuration(reason: "an origin is http:// or https://, not \(scheme)://")
        }
        guard !rest.isEmpty, rest.utf8.count <= 253,
            rest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || [0x2D, 0x2E, 0x3A, 0x5B, 0x5D].contains($0) })
        else {
            throw .configuration(reason: "'\(origin)' is not an origin: only scheme://host[:port], without a path")
        }
        return scheme + "://" + rest
    }

    /// The allowed origins of `network`, in canonical form.
    public static func allowed(home: WatcherHome, network: Network) throws(WatcherError) -> Set<String> {
        Set((try home.config(network: network)[key] ?? "").split(separator: " ").map(String.init))
    }

    /// Adds (`allow`) or removes `origin` for `network`.
    /// - Returns: the list in force afterwards, sorted.
    public static func change(
        _ origin: String, allow: Bool, home: WatcherHome, network: Network
    ) throws(WatcherError) -> [String] {
        let canonical = try canonical(origin)
        var origins = try allowed(home: home, network: network)
        if allow { origins.insert(canonical) } else { origins.remove(canonical) }
        let sorted = origins.sorted()
        try home.setConfig(key, sorted.joined(separator: " "))
        return sorted
    }
}
