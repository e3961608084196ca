import HFPrimitives

/// The devnet's coinbase transactions and block subsidy.
///
/// **Subsidy.** As Bitcoin's regtest: 50 BSV at height 1, halving every 150 blocks (25 BSV from 150, 12.5 from 300,
/// …, nothing after 64 halvings). The coinbase pays the subsidy plus the block's fees to one P2PKH output.
///
/// **Coinbase script.** `<height> <"hf-devnet">`: the height pushed as BIP34 demands (Bitcoin Core's
/// `CScript() << height`: `OP_1`…`OP_16` for 1…16, else the minimal little-endian script number), so that every
/// coinbase, and hence its txid, is unique; the tag keeps the script within the 2…100 bytes a coinbase needs. The
/// blocks of a reorganisation's branch push a third element, 8 bytes naming the branch (from the replaced tip's
/// hash), so that they never repeat a replaced block at the same height.
enum Coinbase {
    /// The subsidy at height 1, in satoshis: 50 BSV.
    static let initialSubsidy: UInt64 = 50 * Amount.satoshisPerBSV

    /// The number of blocks between halvings (regtest's 150).
    static let halvingInterval = 150

    /// The tag pushed after the height.
    static let tag = Array("hf-devnet".utf8)

    /// The outpoint every coinbase input names: 32 zero bytes, index 0xffffffff.
    static let nullOutPoint: OutPoint = {
        do {
            return OutPoint(txid: try Txid(internalBytes: [UInt8](repeating: 0, count: 32)), vout: 0xffff_ffff)
        } catch {
            preconditionFailure("32 bytes make a txid")
        }
    }()

    /// The block subsidy at `height`, in satoshis.
    static func subsidy(atHeight height: Int) -> UInt64 {
        let halvings = height / halvingInterval
        return halvings >= 64 ? 0 : initialSubsidy >> UInt64(halvings)
    }

    /// The coinbase of the block at `height` paying `satoshis` to `lockingScript`, with `branch` pushed last when
    /// it is not empty.
    /// - Precondition: `height ≥ 1`, `satoshis ≤ Amount.maxMoney`, `branch` at most 8 bytes.
    static func transaction(
        height: Int, satoshis: UInt64, lockingScript: Script, branch: [UInt8] = []
    ) -> Transaction {
        precondition(height >= 1, "Coinbase: the genesis coinbase is fixed")
        precondition(branch.count <= 8, "Coinbase: a branch tag is at most 8 bytes")
        var operations = [heightPush(height), ScriptOperation(pushing: tag)]
        if !branch.isEmpty { operations.append(ScriptOperation(pushing: branch)) }
        let scriptSig = Script(operations: operations)
        let input = TransactionInput(previousOutput: nullOutPoint, unlockingScript: scriptSig)
        let output: TransactionOutput
        do {
            output = try TransactionOutput(satoshis: satoshis, lockingScript: lockingScript)
        } catch {
            preconditionFailure("a coinbase never pays more than 21 000 000 BSV")
        }
        return Transaction(version: 1, inputs: [input], outputs: [output], lockTime: 0)
    }

    /// Whether `transaction` has the shape of a coinbase: one input, with the null outpoint.
    static func isCoinbase(_ transaction: Transaction) -> Bool {
        transaction.inputs.count == 1 && transaction.inputs[0].previousOutput == nullOutPoint
    }

    /// The BIP34 push of `height`: `OP_1`…`OP_16`, else the minimal script-number encoding.
    static func heightPush(_ height: Int) -> ScriptOperation {
        if (1...16).contains(height) {
            return .opcode(Opcode(rawValue: 0x50 + UInt8(height)))
        }
        var bytes: [UInt8] = []
        var value = UInt64(height)
        while value > 0 {
            bytes.append(UInt8(value & 0xff))
            value >>= 8
        }
        // A set top bit would make the number negative: add a zero byte.
        if let last = bytes.last, last & 0x80 != 0 { bytes.append(0) }
        return ScriptOperation(pushing: bytes)
    }

    /// The genesis block's coinbase (the same on every Bitcoin network): its txid is the genesis merkle root. Its
    /// output is not spendable (as in Bitcoin Core, it never enters the UTXO set).
    static let genesisTransaction: Transaction = {
        let hex =
            "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d01044554"
            + "68652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e"
            + "64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130"
            + "b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d"
            + "5fac00000000"
        do {
            return try Transaction(hex: hex)
        } catch {
            preconditionFailure("the genesis coinbase is valid: \(error)")
        }
    }()
}
