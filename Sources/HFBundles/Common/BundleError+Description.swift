import HFPrimitives

extension BundleError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        let reexport = "export the bundle again with a current tool"
        return switch self {
        case .tooLarge(let size, let limit):
            "the file is \(size) bytes, more than the limit of \(limit); this is not a bundle this tool writes"
        case .invalidJSON(let error): "the bundle is not valid JSON: \(error)"
        case .unrecognizedContent:
            "the file is not a bundle of this toolkit (.hfupdate, .hfheaders, .hfreceipt, .hfaddrpack, .hftx, .hfcall, "
                + ".hfanswer, .bep, …) nor BEEF; check the file name"
        case .unknownFormat(let found):
            "the bundle format \"\(found)\" is unknown; it may come from a newer tool, so update this one"
        case .wrongFormat(let expected, let found):
            "expected a \(expected) bundle but the file is \(found); pass the right file"
        case .unsupportedVersion(let found):
            "bundle version \(found) is not supported (only 1); it may come from a newer tool, so update this one"
        case .unknownNetwork(let found): "the network \"\(found)\" is unknown; networks are main, test and regtest"
        case .wrongNetwork(let expected, let found):
            "the bundle is for \(found.rawValue) but \(expected.rawValue) is in use; pass --network \(found.rawValue) "
                + "or the right file"
        case .missingField(let path): "the bundle lacks the field \(path); \(reexport)"
        case .unknownField(let path): "the bundle has an unknown field \(path); it may come from a newer tool"
        case .wrongType(let path, let expected, let found):
            "the field \(Self.name(path)) must be \(expected), not \(found); \(reexport)"
        case .malformedHex(let path, let error):
            "the field \(path) is not hex (\(Self.hexReason(error))); \(reexport)"
        case .wrongLength(let path, let expected, let actual):
            "the field \(path) holds \(actual) bytes instead of \(expected); \(reexport)"
        case .overLimit(let path, let limit): "the field \(path) is longer than the limit of \(limit) bytes"
        case .countOutOfRange(let path, let count, let allowed):
            "the field \(path) has \(count) elements; \(allowed.lowerBound) to \(allowed.upperBound) are allowed"
        case .outOfRange(let path, let allowed):
            "the field \(path) must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        case .invalidValue(let path, let allowed):
            "the field \(path) must be one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        case .invalidAuthRequest(let error): "the answer's login request is not acceptable: \(error)"
        case .invalidText(let path): "the field \(path) holds a control character, which it may not"
        case .emptyValue(let path): "the field \(path) is empty; \(reexport)"
        case .invalidTimestamp(let path, let error): "the field \(path) \(error)"
        case .invalidAddress(let path, let error):
            "the field \(path) is not a P2PKH address of the bundle's network (\(error)); \(reexport)"
        case .invalidPublicKey(let path): "the field \(path) is not a compressed secp256k1 public key"
        case .invalidSignatureEncoding(let path): "the field \(path) is not a strict DER ECDSA signature"
        case .highSSignature(let path):
            "the signature in \(path) has a high S value, which signers never produce; the file was altered"
        case .invalidMnemonicFormat(let path):
            "the field \(path) must be 12, 15, 18, 21 or 24 lower-case words separated by single spaces"
        case .invalidMerkleProof(let path, let reason): "the merkle proof in \(path) is invalid: \(reason)"
        case .duplicateEntry(let path): "\(path) repeats an earlier entry; each may appear once"
        case .invalidOutputReference(let path):
            "the field \(path) is not an output reference TXID:VOUT (64 hex digits, a colon, an output index)"
        case .txidMismatch: "the raw transaction does not hash to the txid; the bundle is damaged or forged"
        case .blockHashMismatch: "the header does not hash to the block hash; the bundle is damaged or forged"
        case .proofTargetMismatch: "the merkle proof is for another block than the receipt's block hash"
        case .proofTxidMismatch: "the merkle proof is for another transaction than the receipt's txid"
        case .walletIDMismatch:
            "the wallet ID does not belong to the identity key on this network; the pack is damaged or forged"
        case .headersNotLinked(let height):
            "the header at height \(height) does not build on the header before it; export the run again"
        case .checkpointNotLinked:
            "the first header does not build on the checkpoint; the run belongs to another chain"
        case .startHeightOutOfRange:
            "the run must start above the checkpoint height and end at or below height 4294967295"
        case .anchorMismatch: "the first header does not build on the local header before the run"
        case .multipleDefaultWallets(let network):
            "more than one \(network.rawValue) wallet is marked as the default; only one may be"
        case .identityKeyMismatch: "the signing key is not the pack's identity key; sign with the wallet's identity key"
        case .signatureInvalid: "the pack's signature does not verify; the pack was altered or signed by another key"
        case .answerMismatch:
            "the answer is for another call (call ID, call contents, method or network differ); answer this call's .hfcall"
        }
    }

    /// The path as a sentence shows it.
    private static func name(_ path: String) -> String { path.isEmpty ? "(the top level)" : path }

    /// Says how hex was malformed.
    private static func hexReason(_ error: HexError) -> String {
        switch error {
        case .oddLength: "an odd number of digits"
        case .invalidCharacter(let offset): "a non-hex character at position \(offset)"
        }
    }
}
