public import HFPrimitives
public import HFSPV
public import HFStore

/// The check every signing command passes before anything is signed: the home's policy (if any) against one
/// payment's external outputs and fee, on the session's network and validated tip. Reads the store, writes nothing.
public struct PolicyCheck {
    let home: SignerHome
    let network: Network
    let chain: HeaderChain
    /// The opened vault, whose copy of the policy the store's row must match (nil: not compared).
    let vault: (any KeyshareVault)?

    /// A check of `home`'s policy on `network`'s `chain`, against the copy in `vault`.
    public init(home: SignerHome, network: Network, chain: HeaderChain, vault: (any KeyshareVault)? = nil) {
        self.home = home
        self.network = network
        self.chain = chain
        self.vault = vault
    }

    /// Refuses a payment that breaks the policy: allowlist-only, the per-transaction cap, the window cap, then the
    /// fee cap; the first rule broken is named with its figures. The fee counts against every cap: what leaves the
    /// wallet is the external outputs (allowlisted ones aside) plus the fee. With no policy set, accepts everything.
    /// - Throws: `SignerError.policy(.refused)`, `.policy(.tampered)` when the store's policy does not match the
    ///   vault's copy; nothing was signed or kept.
    public func check(_ outflows: PaymentOutflows, fee: UInt64) throws(SignerError) {
        let row = try StoredPolicy.load(home)
        if let vault { try PolicyVaultCopy.check(row, vault: vault) }
        guard let stored = row else { return }
        let policy = stored.policy
        let tail = "; nothing was signed or kept (`hf-signer policy show` lists the rules)"
        if policy.allowlistOnly,
            let output = outflows.outputs.first(where: { $0.satoshis > 0 && !policy.allows($0.address) })
        {
            let target = output.address.map { "pays \($0)" } ?? "pays a script that is not a P2PKH address"
            throw .policy(.refused(
                rule: .allowlistOnly,
                message: "the spending policy refuses this payment: output \(output.vout) of "
                    + "\(AmountText.bsv(output.satoshis)) \(target), which is not on the allowlist, and the policy "
                    + "allows only allowlisted destinations" + tail))
        }
        let external = outflows.outputs.filter { !policy.allows($0.address) }.reduce(UInt64(0)) {
            $0.addingReportingOverflow($1.satoshis).partialValue
        }
        let counted = external.addingReportingOverflow(fee).partialValue
        let sends = "it sends \(AmountText.bsv(external)) to external outputs and \(AmountText.bsv(fee)) in fee, so "
            + "\(AmountText.bsv(counted)) leaves the wallet"
        if let cap = policy.maxPerTransaction, counted > cap {
            throw .policy(.refused(
                rule: .maxPerTransaction,
                message: "the spending policy refuses this payment: \(sends), above the limit of "
                    + "\(AmountText.bsv(cap)) per transaction (the fee counts)" + tail))
        }
        if let window = policy.window {
            let current = try PolicyWindow.count(
                window, policy: policy, network: network, tipHeight: chain.validatedTipHeight, home: home)
            let total = current.spentSatoshis.addingReportingOverflow(counted).partialValue
            if total > window.maxSatoshis {
                throw .policy(.refused(
                    rule: .maxPerWindow,
                    message: "the spending policy refuses this payment: \(sends), and "
                        + "\(AmountText.bsv(current.spentSatoshis)) already left in the window of \(window.blocks) "
                        + "validated blocks (heights \(current.firstHeight)-\(current.tipHeight)); "
                        + "\(AmountText.bsv(total)) is above the limit of \(AmountText.bsv(window.maxSatoshis)), "
                        + "\(AmountText.bsv(current.leftSatoshis)) left; the window "
                        + "moves only as validated headers are imported" + tail))
            }
        }
        if let cap = policy.maxFee, fee > cap {
            throw .policy(.refused(
                rule: .maxFee,
                message: "the spending policy refuses this payment: its fee of \(AmountText.bsv(fee)) is above "
                    + "the limit of \(AmountText.bsv(cap))" + tail))
        }
    }
}
