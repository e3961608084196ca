/// What a locking script is, as a reviewer shows it before signing: a payment to a key hash, a data carrier, a
/// file upload, some other script that parses, or something nonstandard.
///
/// Classification reads the bytes only (no network, no wallet): `p2pkh` is exactly `76 a9 14 <20> 88 ac`; `data`
/// is `OP_FALSE OP_RETURN` followed by pushes only; `bcat` is such an output (or a plain `OP_RETURN` one) whose
/// first push is the ASCII prefix of B:// (`19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut`), BCAT
/// (`15DHFxWZJT58f9nhyGnsRBqrgwK4W6h4Up`) or a BCAT part (`1ChDHzdd1H4wSjgGMHyndZm6qxEDGjqpJL`); `script` is any other
/// script that parses, with its disassembly; `nonstandard` is an empty script, one that does not parse, or an
/// `OP_FALSE OP_RETURN` output whose payload is not pushes only.
public enum ScriptClassification: Hashable, Sendable {
    /// Pay to public key hash: the 20-byte HASH160.
    case p2pkh(hash160: [UInt8])
    /// `OP_FALSE OP_RETURN` and its pushes, in order (untrusted bytes).
    case data(pushes: [[UInt8]])
    /// A B:// or BCAT upload.
    case bcat(FileUpload)
    /// Any other script that parses, with its assembly text (`Script.disassembly`).
    case script(disassembly: String)
    /// A script that is empty, does not parse, or carries a data payload that is not pushes only: why.
    case nonstandard(reason: String)

    /// The kind's stable name, as reviews print it and `--json` writes it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case p2pkh, data, bcat, script, nonstandard
    }

    /// A file carried in `OP_RETURN` pushes (B://, BCAT, or one BCAT part). Names and types are untrusted bytes.
    public struct FileUpload: Hashable, Sendable {
        /// Which protocol the first push names.
        public enum UploadProtocol: String, Hashable, Sendable {
            /// B:// (`19Hxig…`): the whole file in one output.
            case b = "b://"
            /// BCAT (`15DHFx…`): the file's description and the txids of its parts.
            case bcat = "bcat"
            /// A BCAT part (`1ChDHz…`): one chunk of a BCAT file.
            case bcatPart = "bcat part"
        }

        /// The protocol.
        public let `protocol`: UploadProtocol
        /// The file name (B:// and BCAT; may be absent or empty).
        public let fileName: [UInt8]?
        /// The media type (B:// and BCAT).
        public let mediaType: [UInt8]?
        /// The bytes carried here (B:// and a part); nil for BCAT, whose bytes are in its parts.
        public let size: Int?
        /// The number of parts a BCAT description lists; nil otherwise.
        public let parts: Int?

        /// An upload as classification finds it (public for tests that write the expected value out by hand).
        public init(
            protocol: UploadProtocol, fileName: [UInt8]?, mediaType: [UInt8]?, size: Int?, parts: Int?
        ) {
            self.protocol = `protocol`
            self.fileName = fileName
            self.mediaType = mediaType
            self.size = size
            self.parts = parts
        }
    }

    /// The ASCII prefix of B://.
    public static let bPrefix = "19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut"
    /// The ASCII prefix of BCAT.
    public static let bcatPrefix = "15DHFxWZJT58f9nhyGnsRBqrgwK4W6h4Up"
    /// The ASCII prefix of a BCAT part.
    public static let bcatPartPrefix = "1ChDHzdd1H4wSjgGMHyndZm6qxEDGjqpJL"

    // MARK: - Initializers

    /// Classifies `script`.
    public init(_ script: Script) {
        if let hash = script.p2pkhHash160 {
            self = .p2pkh(hash160: hash)
            return
        }
        guard !script.isEmpty else {
            self = .nonstandard(reason: "the script is empty (anyone can spend it)")
            return
        }
        let safeData = script.count >= 2 && script.bytes[0] == Opcode.false.rawValue
            && script.bytes[1] == Opcode.return.rawValue
        if script.isDataOutput, let pushes = try? script.dataOutputPushes(),
            let upload = Self.upload(pushes)
        {
            self = .bcat(upload)
            return
        }
        if safeData {
            do {
                self = .data(pushes: try script.dataOutputPushes())
            } catch {
                self = .nonstandard(reason: "\(error)")
            }
            return
        }
        do {
            _ = try script.operations()
        } catch {
            self = .nonstandard(reason: "\(error)")
            return
        }
        self = .script(disassembly: script.disassembly ?? "")
    }

    // MARK: - Properties

    /// The kind.
    public var kind: Kind {
        switch self {
        case .p2pkh: .p2pkh
        case .data: .data
        case .bcat: .bcat
        case .script: .script
        case .nonstandard: .nonstandard
        }
    }

    // MARK: - Private

    /// The upload `pushes` describe, or nil when the first push names none of the three protocols.
    private static func upload(_ pushes: [[UInt8]]) -> FileUpload? {
        guard let first = pushes.first else { return nil }
        let rest = Array(pushes.dropFirst())
        func field(_ index: Int) -> [UInt8]? { index < rest.count ? rest[index] : nil }
        switch first {
        case Array(bPrefix.utf8):
            // B:// <data> <media type> <encoding> [<filename>]
            guard let data = field(0) else { return nil }
            return FileUpload(protocol: .b, fileName: field(3), mediaType: field(1), size: data.count, parts: nil)
        case Array(bcatPrefix.utf8):
            // BCAT <info> <media type> <charset> <filename> <flag> <part txid>…
            return FileUpload(
                protocol: .bcat, fileName: field(3), mediaType: field(1), size: nil, parts: max(rest.count - 5, 0))
        case Array(bcatPartPrefix.utf8):
            // BCAT part <data>
            guard let data = field(0) else { return nil }
            return FileUpload(protocol: .bcatPart, fileName: nil, mediaType: nil, size: data.count, parts: nil)
        default:
            return nil
        }
    }
}
