public import HFCrypto
public import HFPrimitives

/// The devnet's paymail users: fixed aliases whose keys are derived from their names, so tests (and anyone) can
/// find where a paymail payment went. Test keys only: they are public by construction.
///
/// - `alice` and `bob`: one P2PKH output paying the whole amount to the alias's key.
/// - `carol`: two P2PKH outputs (the amount split in halves, the odd satoshi on the first) to two keys, so that
///   clients are exercised with several outputs; an amount of 1 satoshi gets one output.
///
/// Key `n` of an alias is `SHA-256("hf-devnet/paymail/v1" ‖ 0x00 ‖ alias ‖ 0x00 ‖ n)` as a private key; key 0 is the
/// one `pki` serves.
public enum DevnetPaymail {
    /// The aliases served.
    public static let aliases: Set<String> = ["alice", "bob", "carol"]

    /// Private key `index` of `alias`.
    public static func privateKey(alias: String, index: UInt8 = 0) -> PrivateKey {
        let seed = Hash.sha256(Array("hf-devnet/paymail/v1".utf8) + [0] + Array(alias.utf8) + [0, index])
        do { return try PrivateKey(rawRepresentation: seed) } catch {
            preconditionFailure("a SHA-256 output is a valid scalar with overwhelming probability")
        }
    }

    /// The regtest address of key `index` of `alias`.
    public static func address(alias: String, index: UInt8 = 0) -> Address {
        Address(publicKey: privateKey(alias: alias, index: index).publicKey, network: DevnetChain.network)
    }

    /// The outputs that pay `satoshis` to `alias`.
    static func outputs(alias: String, satoshis: UInt64) -> [TransactionOutput] {
        let parts: [UInt64] = alias == "carol" && satoshis >= 2 ? [satoshis - satoshis / 2, satoshis / 2] : [satoshis]
        return parts.enumerated().map { index, amount in
            let script = Script(p2pkhPaying: address(alias: alias, index: UInt8(index)))
            guard let output = try? TransactionOutput(satoshis: amount, lockingScript: script) else {
                preconditionFailure("the caller checks the amount against the money supply")
            }
            return output
        }
    }
}
