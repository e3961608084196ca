public import HFPrimitives
import HFStore
public import HFWallet

/// The fee rate of a spend: `--fee-rate` when given, else the latest `feeQuote` of an imported `.hfheaders` bundle
/// of the network, else 1 satoshi per 1000 bytes (docs/design.md §6).
public enum FeePolicy {
    /// The largest rate a fee quote may set: 1000 satoshis per 1000 bytes (a hostile quote must not drain the wallet).
    public static let maximumQuoteSatoshisPerKB: UInt64 = 1000

    static func key(_ network: Network) -> String { "fee-quote.\(network.rawValue)" }

    /// Records a quote from an imported header bundle (ignored when above the maximum or with zero bytes).
    public static func record(satoshis: UInt64, bytes: UInt64, network: Network, home: SignerHome) throws(SignerError) {
        guard bytes > 0, satoshis.multipliedReportingOverflow(by: 1000).partialValue / bytes <= maximumQuoteSatoshisPerKB
        else { return }
        do { try Preferences(database: home.database).set(key(network), to: "\(satoshis)/\(bytes)") } catch {
            throw .database(error)
        }
    }

    /// The rate to use.
    public static func rate(override satoshisPerKB: UInt64?, network: Network, home: SignerHome) throws(SignerError) -> FeeRate {
        if let satoshisPerKB {
            do { return try FeeRate(satoshis: satoshisPerKB, bytes: 1000) } catch { throw .rejected(reason: "\(error)") }
        }
        let stored: String?
        do { stored = try Preferences(database: home.database).value(key(network)) } catch { throw .database(error) }
        if let parts = stored?.split(separator: "/"), parts.count == 2, let satoshis = UInt64(parts[0]),
            let bytes = UInt64(parts[1]), let rate = try? FeeRate(satoshis: satoshis, bytes: bytes)
        {
            return rate
        }
        return .standard
    }
}
