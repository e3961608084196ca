/// A fee as reviews show it: satoshis per 1000 bytes of a transaction's size.
public enum FeeDensity {
    /// `fee` per 1000 bytes of `size`, rounded to two decimals; 0 for a size of 0.
    public static func satoshisPerKB(fee: UInt64, size: Int) -> Double {
        guard size > 0 else { return 0 }
        return (Double(fee) * 1000 / Double(size) * 100).rounded() / 100
    }
}
