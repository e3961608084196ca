import HFStore

/// The home's open key vault as the commands hold it: an opaque handle they pass back to the core's use cases
/// (the executables never see the store's vault types). Opened by ``SignerHome/openActiveVault(passphrase:)``.
public final class SignerVault {
    /// The vault itself.
    let store: any KeyshareVault

    init(_ store: any KeyshareVault) { self.store = store }
}
