/// A signature hash type: the base (ALL, NONE, SINGLE) and flags that say what a signature commits to.
///
/// The full 32-bit value enters the digest; its low byte is appended to the DER signature in unlocking scripts.
/// Bits: base `0x1f` mask (1 ALL, 2 NONE, 3 SINGLE), `CHRONICLE` 0x20, `FORKID` 0x40, `ANYONECANPAY` 0x80. The
/// wallet signs with `allForkID` (0x41). As in the node, a value whose low five bits are neither NONE nor SINGLE
/// hashes like ALL.
public struct SighashType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The 32-bit value, as hashed (little-endian) at the end of the preimage.
    public let rawValue: UInt32

    /// `SIGHASH_FORKID` (0x40): the BIP143-style digest that commits to the amount spent (BSV since the 2017 fork).
    public static let forkIDFlag: UInt32 = 0x40

    /// `SIGHASH_ANYONECANPAY` (0x80): commit to this input only.
    public static let anyoneCanPayFlag: UInt32 = 0x80

    /// `SIGHASH_CHRONICLE` (0x20): with FORKID, selects the original digest again (not used by this wallet).
    public static let chronicleFlag: UInt32 = 0x20

    /// `SIGHASH_ALL | SIGHASH_FORKID` (0x41), what the wallet signs with.
    public static let allForkID = SighashType(.all)

    // MARK: - Initializers

    /// The sighash type `rawValue`, any 32-bit value (the node's test vectors use arbitrary ones).
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A sighash type from its parts.
    /// - Parameters:
    ///   - base: ALL, NONE or SINGLE.
    ///   - anyoneCanPay: whether to commit to this input only; false by default.
    ///   - forkID: whether to set FORKID; true by default, as BSV requires.
    public init(_ base: SighashBase, anyoneCanPay: Bool = false, forkID: Bool = true) {
        rawValue = base.rawValue | (anyoneCanPay ? Self.anyoneCanPayFlag : 0) | (forkID ? Self.forkIDFlag : 0)
    }

    // MARK: - Properties

    /// The base, or nil when the low five bits are not 1, 2 or 3.
    public var base: SighashBase? { SighashBase(rawValue: rawValue & 0x1f) }

    /// Whether `ANYONECANPAY` is set.
    public var hasAnyoneCanPay: Bool { rawValue & Self.anyoneCanPayFlag != 0 }

    /// Whether `FORKID` is set.
    public var hasForkID: Bool { rawValue & Self.forkIDFlag != 0 }

    /// Whether `CHRONICLE` is set.
    public var hasChronicle: Bool { rawValue & Self.chronicleFlag != 0 }

    /// Whether the digest is the BIP143-style FORKID one (FORKID set, CHRONICLE not); otherwise it is the original
    /// (pre-fork) digest, as in the node's `SignatureHash`.
    public var usesForkIDDigest: Bool { hasForkID && !hasChronicle }

    /// Whether this is a type the wallet signs with and accepts in P2PKH checks: one byte, a defined base, FORKID
    /// set, and no bit other than FORKID and ANYONECANPAY besides the base.
    public var isStandardForkID: Bool {
        rawValue & ~(Self.forkIDFlag | Self.anyoneCanPayFlag | 0x03) == 0 && base != nil && hasForkID
    }

    /// The low byte, appended to DER signatures.
    public var byte: UInt8 { UInt8(truncatingIfNeeded: rawValue) }

    /// Whether the base bits select NONE (other values hash like ALL).
    var isBaseNone: Bool { rawValue & 0x1f == SighashBase.none.rawValue }

    /// Whether the base bits select SINGLE.
    var isBaseSingle: Bool { rawValue & 0x1f == SighashBase.single.rawValue }

    /// The parts joined by `|`, e.g. `ALL|FORKID` (as transaction reviews show it).
    public var name: String {
        var parts = [base.map { "\($0)".uppercased() } ?? "base \(rawValue & 0x1f)"]
        if hasChronicle { parts.append("CHRONICLE") }
        if hasForkID { parts.append("FORKID") }
        if hasAnyoneCanPay { parts.append("ANYONECANPAY") }
        return parts.joined(separator: "|")
    }

    /// The value in hex with its parts, e.g. `0x41 (ALL|FORKID)`.
    public var description: String { "0x" + String(rawValue, radix: 16) + " (" + name + ")" }
}
