// The easiest target each network allows.

extension Network {
    /// The largest (easiest) target a header may have on this network ("powLimit"): `2²²⁴ − 1` on main and test
    /// (compact `1d00ffff` is the largest target below it), `2²⁵⁵ − 1` on regtest (compact `207fffff`).
    public var proofOfWorkLimit: UInt256 {
        switch self {
        case .main, .test: UInt256.max >> 32
        case .regtest: UInt256.max >> 1
        }
    }
}
