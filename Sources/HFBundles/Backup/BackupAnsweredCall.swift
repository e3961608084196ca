public import HFPrimitives

/// One BRC-100 `createAction` call a wallet answered with a payment (backup version 4, `.hfwallet` version 3):
/// `{"callId":"<32 hex>","txid":"<64 hex>"}`. It is the "pays once" record: a home restored from the backup
/// refuses to answer the call a second time.
public struct BackupAnsweredCall: Sendable, Hashable {
    /// The call's ID, 16 bytes.
    public let callID: [UInt8]
    /// The payment that answered it.
    public let txid: Txid

    /// The call's ID as 32 lower-case hex digits, as `WalletCallBundle.callIDHex` spells it.
    public var callIDHex: String { callID.hex }

    /// A record of `callID` answered by `txid`.
    /// - Throws: `BundleError.wrongLength` (path `callId`) unless `callID` has 16 bytes.
    public init(callID: [UInt8], txid: Txid) throws(BundleError) {
        guard callID.count == BundleLimits.walletCallIDBytes else {
            throw .wrongLength(path: "callId", expected: BundleLimits.walletCallIDBytes, actual: callID.count)
        }
        self.callID = callID
        self.txid = txid
    }

    /// Reads one `answeredCalls` element.
    static func decode(_ field: JSONField) throws(BundleError) -> BackupAnsweredCall {
        var reader = try field.object()
        let callID = try reader.field("callId").hexBytes(count: BundleLimits.walletCallIDBytes)
        let txid = try reader.field("txid").txid()
        try reader.finish()
        return try BackupAnsweredCall(callID: callID, txid: txid)
    }

    /// `{"callId","txid"}`.
    var jsonValue: JSONValue { .object(["callId": .string(callIDHex), "txid": .string(txid.displayHex)]) }
}
