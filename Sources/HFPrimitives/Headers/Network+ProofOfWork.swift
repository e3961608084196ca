// The easiest target each network allows.

extension Network {
    /// The largest (easiest) target a header may have on this network ("powLimit"): `2²²⁴ − 1` on main and test
    /// (compact `1d00ffff` is the largest target below it), `2²⁵⁵ − 1` on regtest (compact `207fffff`).
    public var proofOfWorkLimit: UInt256 {
        // Written as limbs rather than `UInt256.max >> 32` / `>> 1`: validation reads the limit for every header.
        switch self {
        case .main, .test: UInt256(w0: .max, w1: .max, w2: .max, w3: 0x0000_0000_ffff_ffff)
        case .regtest: UInt256(w0: .max, w1: .max, w2: .max, w3: 0x7fff_ffff_ffff_ffff)
        }
    }
}
