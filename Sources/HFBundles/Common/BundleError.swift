public import HFPrimitives
public import HFProtocols

/// Why a JSON bundle could not be decoded, or a bundle value could not be built or verified.
///
/// Field faults carry the field's path as error messages show it (`merkleProof.nodes[3]`; empty for the top level).
/// No case carries a field's value, except the few short public names that say what was found (a format, a
/// network): bundle values can be secrets (a backup document holds mnemonics).
public enum BundleError: Error, Equatable, Sendable {
    // MARK: - The whole file

    /// The file has `size` bytes, more than `limit`.
    case tooLarge(size: Int, limit: Int)
    /// The file is not well-formed JSON, or is outside the strict subset bundles use.
    case invalidJSON(JSONError)
    /// The content is neither a JSON object nor a binary format this module knows (router only).
    case unrecognizedContent
    /// The `format` value names no bundle kind.
    case unknownFormat(String)
    /// The `format` value names another bundle kind than the one being decoded.
    case wrongFormat(expected: String, found: String)
    /// The `version` is not 1.
    case unsupportedVersion(JSONNumber)
    /// The `network` is not `main`, `test` or `regtest`.
    case unknownNetwork(String)
    /// The bundle is for `found`, but `expected` was asked for.
    case wrongNetwork(expected: Network, found: Network)

    // MARK: - Fields

    /// A required field is absent.
    case missingField(path: String)
    /// A field that the format does not define is present.
    case unknownField(path: String)
    /// A field holds the wrong kind of JSON value.
    case wrongType(path: String, expected: JSONType, found: JSONType)
    /// A hex field has an odd number of digits or a character that is not a hex digit.
    case malformedHex(path: String, HexError)
    /// A fixed-size field decodes to `actual` bytes instead of `expected`.
    case wrongLength(path: String, expected: Int, actual: Int)
    /// A variable-size field is longer than `limit` bytes.
    case overLimit(path: String, limit: Int)
    /// An array has `count` elements, outside `allowed`.
    case countOutOfRange(path: String, count: Int, allowed: ClosedRange<Int>)
    /// An integer is outside `allowed`.
    case outOfRange(path: String, allowed: ClosedRange<Int64>)
    /// A string is none of the `allowed` names.
    case invalidValue(path: String, allowed: [String])
    /// A text field holds a control character (below U+0020, or U+007F).
    case invalidText(path: String)
    /// A field that must not be empty is (an empty string, or empty hex).
    case emptyValue(path: String)
    /// A date-time field is not RFC 3339.
    case invalidTimestamp(path: String, RFC3339Error)
    /// An address is not a P2PKH address of the bundle's network.
    case invalidAddress(path: String, AddressError)
    /// A public key is not a 33-byte compressed point on secp256k1.
    case invalidPublicKey(path: String)
    /// A signature is not strict DER with r and s in range.
    case invalidSignatureEncoding(path: String)
    /// A signature has a high S value; signers produce low-S signatures only.
    case highSSignature(path: String)
    /// A mnemonic is not 12, 15, 18, 21 or 24 lower-case words separated by single spaces.
    case invalidMnemonicFormat(path: String)
    /// The merkle proof is not a valid TSC proof (`reason` says which rule it breaks).
    case invalidMerkleProof(path: String, reason: String)
    /// The same address (or outpoint) appears twice; the path is the second occurrence.
    case duplicateEntry(path: String)
    /// An output reference is not `TXID:VOUT` (64 hex digits, a colon, an output index 0 to 4294967295 without
    /// leading zeros).
    case invalidOutputReference(path: String)

    // MARK: - Consistency

    /// `hash256(rawTx)` is not `txid`.
    case txidMismatch
    /// `hash256(header)` is not `blockHash`.
    case blockHashMismatch
    /// The merkle proof's `target` is not the receipt's `blockHash`.
    case proofTargetMismatch
    /// The merkle proof's `txOrId` is not the receipt's `txid`.
    case proofTxidMismatch
    /// `walletId` is not the wallet ID of `identityKey` on the pack's network (docs/design.md §3).
    case walletIDMismatch
    /// A `full80` header's previous-block hash is not the hash of the header before it (`height` is
    /// the offending header's block height, never its position in the run).
    case headersNotLinked(height: Int)
    /// The run starts right after the checkpoint, but its first header does not build on the checkpoint hash.
    case checkpointNotLinked
    /// `startHeight` is not above the checkpoint height, or the run would pass height 2³²−1.
    case startHeightOutOfRange
    /// The first `full80` header does not build on the anchor hash given for the reconstruction.
    case anchorMismatch
    /// The domain, callback and challenge of a `.hfauth` are not an acceptable `hfauth:` request.
    case invalidAuthRequest(AuthRequestError)
    /// More than one wallet of `network` is marked as the default.
    case multipleDefaultWallets(network: Network)

    // MARK: - Signatures

    /// The private key offered for signing is not the pack's identity key.
    case identityKeyMismatch
    /// The signature does not verify with the identity key over the pack's preimage.
    case signatureInvalid
    /// A `.hfanswer` names another call (call ID, call digest, method or network) than the one it is checked against.
    case answerMismatch
}
