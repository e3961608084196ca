import HFBundles
public import HFCrypto
import HFPrimitives
import HFProtocols
import HFWallet

/// What `hf-signer bundle inspect` prints: the kind, the network and a few facts of a decoded, validated bundle.
public struct BundleSummary: Encodable, Sendable, Equatable {
    /// A fact's value: text, a whole number, or a list of whole numbers (JSON numbers, never strings).
    public enum Value: Encodable, Sendable, Equatable {
        case text(String)
        case number(Int64)
        case numbers([Int64])

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .numbers(let numbers): try container.encode(numbers)
            }
        }
    }

    /// `hfheaders`, `hfreceipt`, `hfaddrpack`, `hftx`, `bep`, `hf-backup`, `beef` or `atomic-beef`.
    public let kind: String
    /// The bundle's network (nil for a `.bep`, whose network is inside, and for BEEF, which has none).
    public let network: String?
    /// Kind-specific facts.
    public let summary: [String: Value]
    /// Why the bundle must not be trusted although it decodes (a `.hftx` whose signature fails), or nil; not part
    /// of the JSON (the command exits 65 with it).
    public var failure: String? = nil

    private enum CodingKeys: String, CodingKey { case kind, network, summary }

    /// Decodes and validates `bytes` by content, touching no store.
    ///
    /// - Parameter password: the `.bep` password, needed only to open a backup. Secret.
    /// - Throws: `SignerError.rejected` with the decoder's reason.
    public static func inspect(_ bytes: [UInt8], password: SecureBytes?) throws(SignerError) -> BundleSummary {
        do {
            switch try BundleKind.detect(bytes) {
            case .headers:
                let bundle = try HeadersBundle(decoding: bytes, expectedNetwork: nil)
                var facts: [String: Value] = [
                    "checkpointHeight": .number(Int64(bundle.checkpoint.height)),
                    "startHeight": .number(Int64(bundle.startHeight)), "endHeight": .number(Int64(bundle.endHeight)),
                    "headerEncoding": .text(bundle.headerEncoding.rawValue),
                    "count": .number(Int64(bundle.headers.count)),
                ]
                if let sources = bundle.sources { facts["sources"] = .text(sources.joined(separator: ",")) }
                return BundleSummary(kind: "hfheaders", network: bundle.network.rawValue, summary: facts)
            case .receipt:
                let bundle = try ReceiptBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfreceipt", network: bundle.network.rawValue, summary: [
                    "txid": .text(bundle.txid.displayHex), "blockHeight": .number(Int64(bundle.blockHeight)),
                    "blockHash": .text(bundle.blockHash.displayHex), "rawTxBytes": .number(Int64(bundle.rawTx.count)),
                ])
            case .addressPack:
                let bundle = try AddressPackBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfaddrpack", network: bundle.network.rawValue, summary: [
                    "walletId": .text(bundle.walletID.hex), "identityKey": .text(bundle.identityKey.compressed.hex),
                    "entries": .number(Int64(bundle.entries.count)),
                    "signature": .text(bundle.verifySignature() ? "valid" : "INVALID"),
                ])
            case .transaction:
                let bundle = try TransactionBundle(decoding: bytes, expectedNetwork: nil)
                let check = try TransactionSignatures.check(bundle)
                return BundleSummary(kind: "hftx", network: bundle.network.rawValue, summary: [
                    "txid": .text(bundle.txid.displayHex), "inputs": .number(Int64(bundle.inputs.count)),
                    "rawTxBytes": .number(Int64(bundle.rawTx.count)),
                    "signatures": .text(String(check.summary.dropFirst("signatures: ".count))),
                ], failure: TransactionSignatures.failure(check))
            case .encryptedBackup:
                return try inspectBackup(bytes, password: password)
            case .backupDocument:
                throw SignerError.rejected(reason: "this is a decrypted backup; keep it off disk and use the .bep file")
            case .beef:
                return try inspectBeef(BeefFile(decoding: bytes))
            case .paymentRequest:
                let bundle = try PaymentRequestBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfpayreq", network: bundle.network.rawValue, summary: [
                    "paymail": .text(bundle.paymail.text), "satoshis": .number(Int64(bundle.totalSatoshis)),
                    "outputs": .number(Int64(bundle.outputs.count)), "reference": .text(bundle.reference),
                ])
            case .walletFile:
                let file = try EncryptedWalletFile(decoding: bytes)
                return BundleSummary(kind: "hfwallet", network: nil, summary: [
                    "walletId": .text(file.walletID.hex), "ciphertextBytes": .number(Int64(file.ciphertext.count)),
                ])
            case .walletFileDocument:
                throw SignerError.rejected(reason: "this is a decrypted wallet file; use the encrypted .hfwallet")
            case .sweepRequest:
                let bundle = try SweepRequestBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfsweep", network: bundle.network.rawValue, summary: [
                    "walletId": .text(bundle.walletID.hex), "addresses": .number(Int64(bundle.addresses.count)),
                    "identityKey": .text(bundle.identityKey.compressed.hex),
                    "signature": .text(bundle.verifySignature() ? "valid" : "INVALID"),
                ])
            case .walletCall:
                let bundle = try WalletCallBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfcall", network: bundle.network.rawValue, summary: [
                    "callId": .text(bundle.callIDHex), "method": .text(bundle.method.rawValue),
                    "originator": .text(bundle.originator), "walletId": .text(bundle.walletID.hex),
                ])
            case .walletAnswer:
                let bundle = try WalletAnswerBundle(decoding: bytes, expectedNetwork: nil)
                let outcome: String
                switch bundle.outcome {
                case .result: outcome = "result"
                case .refused(let code, _): outcome = "refused (\(code))"
                }
                return BundleSummary(kind: "hfanswer", network: bundle.network.rawValue, summary: [
                    "callId": .text(bundle.callIDHex), "method": .text(bundle.method.rawValue),
                    "outcome": .text(outcome), "identityKey": .text(bundle.identityKey.compressed.hex),
                    "signature": .text((try? bundle.verify()) != nil ? "valid" : "INVALID"),
                ])
            case .state:
                let state = try StateBundle(decoding: bytes, expectedNetwork: nil).state
                return BundleSummary(kind: "hfstate", network: state.network.rawValue, summary: [
                    "walletId": .text(state.walletID.hex), "tipHeight": .number(Int64(state.tip.height)),
                    "receipts": .number(Int64(state.receipts.count)), "pending": .number(Int64(state.pending.count)),
                    "signature": .text((try? state.verify()) != nil ? "valid" : "INVALID"),
                ])
            case .update:
                let update = try UpdateBundle(decoding: bytes, expectedNetwork: nil)
                var facts: [String: Value] = [
                    "walletId": .text(update.walletID.hex), "receipts": .number(Int64(update.receipts.count)),
                ]
                if let range = update.headerRange {
                    facts["startHeight"] = .number(Int64(range.lowerBound))
                    facts["endHeight"] = .number(Int64(range.upperBound))
                }
                return BundleSummary(kind: "hfupdate", network: update.network.rawValue, summary: facts)
            case .probe:
                let probe = try ProbeBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfprobe", network: probe.network.rawValue, summary: [
                    "presets": .text(probe.presets.map(\.name).joined(separator: ",")),
                    "addresses": .number(Int64(probe.presets.reduce(0) { $0 + $1.addresses.count })),
                    "digest": .text(probe.digest.hex),
                ])
            case .probeResult:
                let result = try ProbeResultBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfproberesult", network: result.network.rawValue, summary: [
                    "probe": .text(result.probeDigest.hex),
                    "presetsWithHistory": .text(
                        result.presets.filter { !$0.used.isEmpty }.map(\.name).joined(separator: ",")),
                ])
            case .authResponse:
                let bundle = try AuthResponseBundle(decoding: bytes, expectedNetwork: nil)
                return BundleSummary(kind: "hfauth", network: bundle.network.rawValue, summary: [
                    "domain": .text(bundle.request.domain), "callback": .text(bundle.request.callback),
                    "identityKey": .text(bundle.identityKey.compressed.hex),
                    "signature": .text(bundle.verifySignature() ? "valid" : "INVALID"),
                ])
            }
        } catch let error as SignerError {
            throw error
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// A BEEF's facts; structure only (its BUMP roots are checked against headers by `import`, not here).
    private static func inspectBeef(_ file: BeefFile) -> BundleSummary {
        let beef = file.beef
        var summary: [String: Value] = [
            "beefVersion": .number(beef.version == .v1 ? 1 : 2), "bumps": .number(Int64(beef.bumps.count)),
            "transactions": .number(Int64(beef.transactions.count)),
            "subjects": .text(file.subjects.map(\.txid.displayHex).joined(separator: ",")),
            "blockHeights": .numbers(beef.bumps.map { Int64($0.blockHeight) }),
        ]
        if case .atomic(let atomic) = file { summary["subject"] = .text(atomic.subject.displayHex) }
        return BundleSummary(kind: { if case .atomic = file { "atomic-beef" } else { "beef" } }(), network: nil, summary: summary)
    }

    private static func inspectBackup(_ bytes: [UInt8], password: SecureBytes?) throws -> BundleSummary {
        let backup = try EncryptedBackup(decoding: bytes)
        guard let password else {
            throw SignerError.rejected(reason: "a .bep backup is encrypted; give --password-file to inspect it")
        }
        let document = try BackupDocument(decoding: backup.open(password: password))
        return BundleSummary(kind: "bep", network: nil, summary: [
            "createdAt": .text(document.createdAt.text), "wallets": .number(Int64(document.wallets.count)),
        ])
    }
}
