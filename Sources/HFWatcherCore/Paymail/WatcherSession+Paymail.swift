import Foundation
public import HFBundles
public import HFPrimitives

/// `paymail resolve` and `paymail deliver`: the paymail client of the home's configuration; no chain is needed.
extension WatcherSession {
    /// Asks `paymail`'s host where to pay `satoshis` (``WatcherPaymail/resolve(_:satoshis:network:client:)``), with
    /// the paymail client of `home`'s configuration for `network`.
    ///
    /// - Throws: `WatcherError.configuration` for an unusable `paymail.host-override`; otherwise as
    ///   ``WatcherPaymail/resolve(_:satoshis:network:client:)``.
    public static func resolvePaymail(
        _ paymail: String, satoshis: UInt64, home: WatcherHome, network: Network
    ) async throws(WatcherError) -> PaymentRequestBundle {
        let config = try home.config(network: network)
        return try await WatcherPaymail.resolve(
            paymail, satoshis: satoshis, network: network, client: try WatcherPaymail.client(config))
    }

    /// Delivers the signed `.hftx` in `transactionFile` that pays the `.hfpayreq` in `requestFile`: to the paymail
    /// host, else through ARC (``WatcherPaymail/deliver(_:paying:client:services:)``), with the services of `home`'s
    /// configuration for `network`.
    ///
    /// - Throws: `WatcherError.configuration` for services that cannot be built; `.rejected` for a file that cannot be
    ///   read or decoded; otherwise as ``WatcherPaymail/deliver(_:paying:client:services:)``.
    public static func deliverPayment(
        requestFile: String, transactionFile: String, home: WatcherHome, network: Network
    ) async throws(WatcherError) -> WatcherPaymail.Delivery {
        let config = try home.config(network: network)
        let services = try WatcherServices(config: config, network: network)
        guard let requestBytes = FileManager.default.contents(atPath: requestFile),
            let transactionBytes = FileManager.default.contents(atPath: transactionFile)
        else { throw .rejected(reason: "cannot read '\(requestFile)' or '\(transactionFile)'") }
        let paymentRequest: PaymentRequestBundle
        let transaction: TransactionBundle
        do {
            paymentRequest = try PaymentRequestBundle(decoding: [UInt8](requestBytes), expectedNetwork: network)
            transaction = try TransactionBundle(decoding: [UInt8](transactionBytes), expectedNetwork: network)
        } catch { throw .rejected(reason: "\(error)") }
        return try await WatcherPaymail.deliver(
            transaction, paying: paymentRequest, client: try WatcherPaymail.client(config), services: services)
    }
}
