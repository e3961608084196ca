import HFBundles
import HFCrypto
import HFPrimitives
import HFWallet

/// What the signer computes for each BRC-100 method that needs a key, with the BRC-100 root key (the wallet's
/// identity key m/13'/0'), as the reference `ProtoWallet` does: BRC-42/43 derivation, BRC-2 encryption and HMAC,
/// BRC-3 signatures (ECDSA over SHA-256 of `data`, DER). Byte results are arrays of numbers.
enum WalletCallComputation {
    /// The result object of `method`, or the refusal.
    static func result(
        _ method: WalletCallMethod, _ arguments: WalletCallArguments, deriver: KeyDeriver
    ) throws(WalletCallRefusal) -> [String: JSONValue] {
        if try arguments.bool("privileged", default: false) {
            throw .notOffered("hf-airgap has no privileged keyring; call without privileged")
        }
        switch method {
        case .getPublicKey:
            if try arguments.bool("identityKey", default: false) {
                return ["publicKey": .string(deriver.rootPublicKey.compressed.hex)]
            }
            let key = try derive {
                try deriver.publicKey(
                    for: try arguments.invoice(), counterparty: try arguments.counterparty(default: .selfKey),
                    forSelf: try arguments.bool("forSelf", default: false))
            }
            return ["publicKey": .string(key.compressed.hex)]
        case .createSignature:
            let digest = try arguments.digest(directly: "hashToDirectlySign")
            let key = try derive {
                try deriver.privateKey(for: try arguments.invoice(), counterparty: try arguments.counterparty(default: .anyone))
            }
            guard let signature = try? key.signature(forDigest: digest) else {
                throw WalletCallRefusal(code: "WERR_INTERNAL", description: "the signature could not be made")
            }
            return ["signature": .bytes(signature.derRepresentation)]
        case .verifySignature:
            let digest = try arguments.digest(directly: "hashToDirectlyVerify")
            guard let signature = try? ECDSASignature(derRepresentation: try arguments.bytes("signature")) else {
                throw .invalidParameter("signature", "a DER-encoded ECDSA signature")
            }
            let key = try derive {
                try deriver.publicKey(
                    for: try arguments.invoice(), counterparty: try arguments.counterparty(default: .selfKey),
                    forSelf: try arguments.bool("forSelf", default: false))
            }
            guard key.isValidSignature(signature, forDigest: digest, allowHighS: true) else {
                throw WalletCallRefusal(code: "WERR_INVALID_SIGNATURE", description: "the signature is not valid")
            }
            return ["valid": .bool(true)]
        case .encrypt:
            let plaintext = try arguments.bytes("plaintext")
            let ciphertext = try brc2 {
                try deriver.encrypt(
                    plaintext, invoice: try arguments.invoice(), counterparty: try arguments.counterparty(default: .selfKey))
            }
            return ["ciphertext": .bytes(ciphertext)]
        case .decrypt:
            let ciphertext = try arguments.bytes("ciphertext")
            let plaintext = try brc2 {
                try deriver.decrypt(
                    ciphertext, invoice: try arguments.invoice(), counterparty: try arguments.counterparty(default: .selfKey))
            }
            return ["plaintext": .bytes(plaintext)]
        case .createHmac:
            let data = try arguments.bytes("data")
            let code = try brc2 {
                try deriver.authenticationCode(
                    for: data, invoice: try arguments.invoice(), counterparty: try arguments.counterparty(default: .selfKey))
            }
            return ["hmac": .bytes(code)]
        case .verifyHmac:
            let data = try arguments.bytes("data")
            let code = try arguments.bytes("hmac")
            let valid = try brc2 {
                try deriver.isValidAuthenticationCode(
                    code, for: data, invoice: try arguments.invoice(),
                    counterparty: try arguments.counterparty(default: .selfKey))
            }
            guard valid else { throw WalletCallRefusal(code: "WERR_INVALID_HMAC", description: "the HMAC is not valid") }
            return ["valid": .bool(true)]
        case .revealCounterpartyKeyLinkage:
            throw .notOffered("hf-airgap never reveals key linkage: it would let the verifier link every key of the counterparty")
        case .createAction:
            throw .notOffered("createAction needs the wallet's coins: it is prepared as a payment (WalletCallAction)")
        }
    }

    /// A derivation, its (practically impossible) failure as a refusal; argument refusals pass through.
    private static func derive<T>(_ body: () throws -> T) throws(WalletCallRefusal) -> T {
        do { return try body() } catch let refusal as WalletCallRefusal { throw refusal } catch {
            throw WalletCallRefusal(code: "WERR_INTERNAL", description: "the key could not be derived (\(error))")
        }
    }

    /// A BRC-2 operation: a tag that does not verify or a malformed ciphertext is the caller's error.
    private static func brc2<T>(_ body: () throws -> T) throws(WalletCallRefusal) -> T {
        do { return try body() } catch let refusal as WalletCallRefusal { throw refusal } catch {
            throw .invalidParameter("ciphertext", "a BRC-2 ciphertext of this key (\(error))")
        }
    }
}
