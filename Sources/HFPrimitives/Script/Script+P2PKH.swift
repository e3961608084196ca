// The pay-to-public-key-hash locking template: OP_DUP OP_HASH160 <20 bytes> OP_EQUALVERIFY OP_CHECKSIG.

extension Script {
    /// The P2PKH locking script paying `address`: the 25 bytes `76 a9 14 <hash160> 88 ac`.
    public init(p2pkhPaying address: Address) {
        self.init(bytes: address.lockingScript)
    }

    /// The 20-byte public-key hash if this is exactly a P2PKH locking script (`76 a9 14 <20 bytes> 88 ac`, nothing
    /// before or after), else nil.
    public var p2pkhHash160: [UInt8]? {
        guard bytes.count == 25, bytes[0] == Opcode.dup.rawValue, bytes[1] == Opcode.hash160.rawValue,
            bytes[2] == 0x14, bytes[23] == Opcode.equalVerify.rawValue, bytes[24] == Opcode.checkSig.rawValue
        else { return nil }
        return Array(bytes[3..<23])
    }

    /// Whether this is exactly a P2PKH locking script.
    public var isP2PKH: Bool { p2pkhHash160 != nil }

    /// The address this P2PKH locking script pays on `network`, or nil if it is not P2PKH.
    public func p2pkhAddress(network: Network) -> Address? {
        Address(lockingScript: bytes, network: network)
    }
}
