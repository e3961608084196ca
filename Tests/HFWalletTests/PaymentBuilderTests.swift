import HFCrypto
import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct PaymentBuilderTests {
    typealias F = EngineFixtures

    let builder = PaymentBuilder(network: .main)
    let recipient = F.foreign()

    /// Checks that every input of `signed` verifies against its source output.
    static func verifyAll(_ signed: ExtendedTransaction) throws {
        let cache = SighashCache(transaction: signed.transaction)
        for (index, source) in signed.sourceOutputs.enumerated() {
            try P2PKHVerifier.verify(input: index, of: cache, sourceOutput: source)
        }
    }

    @Test func buildsSignsAndVerifies() throws {
        let utxos = F.utxos([40_000, 25_000, 9_000, 700])
        let plan = try builder.plan(
            paying: [PaymentRecipient(address: recipient, satoshis: 60_000)], from: utxos,
            changeAddresses: F.changeAddresses(), lockTimeHeight: 887_123)
        let tx = plan.transaction
        #expect(tx.lockTime == 887_123 && tx.version == 1)
        #expect(tx.inputs.allSatisfy { $0.sequence == 0xFFFF_FFFE && $0.unlockingScript.isEmpty })
        #expect(plan.inputs.map(\.satoshis) == [40_000, 25_000])
        #expect(tx.inputs.map(\.previousOutput) == plan.inputs.map(\.outpoint))
        #expect(tx.outputs[0] == F.output(60_000, to: recipient))
        #expect(tx.outputs[1] == F.output(4_999, to: F.changeAddresses()[0].address))
        #expect(plan.fee == 1 && plan.amountSatoshis == 60_000 && plan.changeSatoshis == 4_999)
        #expect(plan.usedAddresses == [F.changeAddresses()[0]] && plan.walletOutputIndices == [1])
        #expect(plan.policy == .normal)

        let signed = try plan.signed(keys: F.keyLookup)
        try Self.verifyAll(signed)
        #expect(signed.fee == plan.fee)
        #expect(signed.transaction.txid != tx.txid)
        // The estimate bounds the real size, so the fee covers the rate.
        #expect(signed.transaction.size <= plan.estimatedSize)
        #expect(plan.fee >= FeeRate.standard.fee(forSize: signed.transaction.size))
        // Signing changes nothing but the unlocking scripts.
        var stripped = signed.transaction
        for index in stripped.inputs.indices { stripped.inputs[index].unlockingScript = Script() }
        #expect(stripped == tx)
    }

    @Test func manyInputsAtAHigherRateVerifyAndCoverTheRate() throws {
        let rate = try FeeRate(satoshis: 500, bytes: 1000)
        let builder = PaymentBuilder(network: .main, feeRate: rate)
        let utxos = F.utxos((0..<60).map { UInt64(1_000 + $0 * 37) })
        let plan = try builder.plan(
            paying: [
                PaymentRecipient(address: recipient, satoshis: 30_000),
                PaymentRecipient(address: F.foreign(2), satoshis: 12_345),
            ], from: utxos, changeAddresses: F.changeAddresses(), lockTimeHeight: 10)
        #expect(plan.policy == .fragmentationAware)
        let signed = try plan.signed(keys: F.keyLookup)
        try Self.verifyAll(signed)
        #expect(signed.transaction.size <= plan.estimatedSize)
        #expect(plan.fee >= rate.fee(forSize: signed.transaction.size))
        #expect(plan.fee <= rate.fee(forSize: plan.estimatedSize + 34) + DustLimit.threshold)
    }

    @Test func dataOutputComesAfterTheRecipients() throws {
        let data: [UInt8] = Array("hello".utf8)
        let plan = try builder.plan(
            paying: [PaymentRecipient(address: recipient, satoshis: 1_000)], data: data, from: F.utxos([50_000]),
            changeAddresses: F.changeAddresses(), lockTimeHeight: 1)
        #expect(plan.transaction.outputs.count == 4)
        #expect(plan.transaction.outputs[1].satoshis == 0)
        #expect(plan.transaction.outputs[1].lockingScript.hex == "006a0568656c6c6f")
        // Smart change: 48,999 > 10 × 1,000, so two change outputs.
        #expect(plan.usedAddresses == F.changeAddresses() && plan.walletOutputIndices == [2, 3])
        try Self.verifyAll(try plan.signed(keys: F.keyLookup))
        let dataOnly = try builder.plan(
            paying: [], data: data, from: F.utxos([50_000]), changeAddresses: F.changeAddresses(), lockTimeHeight: 1)
        #expect(dataOnly.transaction.outputs.count == 2 && dataOnly.amountSatoshis == 0)
    }

    @Test func smartChangeNeedsTwoChangeAddresses() throws {
        let request = { (addresses: [DerivedAddress]) throws(PaymentError) -> PaymentPlan in
            try builder.plan(
                paying: [PaymentRecipient(address: recipient, satoshis: 1_000)], from: F.utxos([100_000]),
                changeAddresses: addresses, lockTimeHeight: 1)
        }
        #expect(throws: PaymentError.notEnoughChangeAddresses(needed: 2, given: 1)) {
            try request(F.changeAddresses(1))
        }
        let plan = try request(F.changeAddresses(3))
        #expect(plan.transaction.outputs.map(\.satoshis) == [1_000, 49_500, 49_499])
    }

    @Test func refusesBadRequests() {
        let utxos = F.utxos([100_000])
        let change = F.changeAddresses()
        func plan(
            _ recipients: [PaymentRecipient], data: [UInt8]? = nil, change: [DerivedAddress] = change,
            lockTime: UInt32 = 5
        ) throws(PaymentError) {
            _ = try builder.plan(
                paying: recipients, data: data, from: utxos, changeAddresses: change, lockTimeHeight: lockTime)
        }
        let one = [PaymentRecipient(address: recipient, satoshis: 1_000)]
        #expect(throws: PaymentError.noOutputs) { try plan([]) }
        #expect(throws: PaymentError.zeroAmount(index: 1)) {
            try plan(one + [PaymentRecipient(address: recipient, satoshis: 0)])
        }
        #expect(throws: PaymentError.amountTooLarge(index: 1)) {
            try plan(one + [PaymentRecipient(address: recipient, satoshis: Amount.maxMoney)])
        }
        let testAddress = F.foreign(0, network: .test)
        #expect(throws: PaymentError.wrongNetwork(address: testAddress.string, expected: .main)) {
            try plan([PaymentRecipient(address: testAddress, satoshis: 5)])
        }
        #expect(throws: PaymentError.emptyData) { try plan(one, data: []) }
        #expect(throws: PaymentError.lockTimeNotHeight(500_000_000)) { try plan(one, lockTime: 500_000_000) }
        #expect(throws: PaymentError.changeAddressNotOnChangeChain(reference: "1-wallet-7")) {
            try plan(one, change: [F.address(7)])
        }
        #expect(throws: PaymentError.duplicateAddress(change[0].address.string)) {
            try plan(one, change: [change[0], change[0]])
        }
        let testChange = F.address(1000, chain: .change, network: .test)
        #expect(throws: PaymentError.wrongNetwork(address: testChange.address.string, expected: .main)) {
            try plan(one, change: [testChange])
        }
        #expect(
            throws: PaymentError.selection(
                .insufficientFunds(
                    spendable: 100_000, needed: 200_001, payment: 200_000, fee: 1, protected: 0))
        ) {
            try plan([PaymentRecipient(address: recipient, satoshis: 200_000)])
        }
    }

    @Test func refusesOversizeBeforeSigning() {
        let utxos = F.utxos(Array(repeating: 1_000, count: 1_000))
        var asked = false
        let error = #expect(throws: PaymentError.self) {
            let plan = try builder.plan(
                paying: [PaymentRecipient(address: recipient, satoshis: 800_000)], from: utxos,
                changeAddresses: F.changeAddresses(), lockTimeHeight: 5)
            _ = try plan.signed { entry in
                asked = true
                return F.keyLookup(entry)
            }
        }
        guard case .selection(.exceedsSizeLimit(let bytes, let limit))? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(bytes > 100_000 && limit == 100_000)
        #expect(!asked)
    }

    @Test func missingKeyIsReported() throws {
        let plan = try builder.plan(
            paying: [PaymentRecipient(address: recipient, satoshis: 1_000)], from: F.utxos([5_000]),
            changeAddresses: F.changeAddresses(), lockTimeHeight: 5)
        #expect(throws: PaymentError.missingKey(inputIndex: 0, address: F.address(0).address.string)) {
            try plan.signed { _ in nil }
        }
        // A signer holding the wrong keys fails inside TransactionSigner.
        #expect(throws: PaymentError.signing(.missingKey(inputIndex: 0))) {
            try plan.signed(with: TransactionSigner(keys: [F.key(99)]))
        }
        #expect(PaymentError.missingKey(inputIndex: 0, address: "1x").description.contains("no signing key for 1x"))
    }
}
