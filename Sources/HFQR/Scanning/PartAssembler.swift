/// The parts of one BBQr animation as they arrive, in any order.
///
/// Each index holds the first frame received for it; frames that contradict it are held aside as variants (up to a
/// limit), never merged into the primary set.
struct PartAssembler: Sendable {
    /// What happened to a frame offered to the assembler.
    enum Outcome {
        case placed, duplicate, contradiction, tooManyVariants
    }

    /// The animation.
    let key: AnimationKey
    /// The encoding every part uses.
    let encoding: BBQrEncoding
    /// The file type every part carries.
    let fileType: BBQrFileType
    /// The payload length of every part but the last.
    let partLength: Int
    /// Per index: the first frame, then the contradicting ones.
    private(set) var variants: [[BBQrFrame]]

    // MARK: - Initializers

    /// An empty assembler for frames with `header`'s series and payloads of `partLength` characters.
    init(header: BBQrHeader, partLength: Int) {
        key = .bbqr(encoding: header.encoding, fileType: header.fileType, count: header.count, partLength: partLength)
        encoding = header.encoding
        fileType = header.fileType
        self.partLength = partLength
        variants = Array(repeating: [], count: header.count)
    }

    // MARK: - Properties

    /// Distinct indexes received.
    var received: Int { variants.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) } }

    /// Whether every index has a frame.
    var isComplete: Bool { variants.allSatisfy { !$0.isEmpty } }

    /// The animation's progress.
    var progress: ScanProgress {
        ScanProgress(
            animation: key, received: received, total: variants.count,
            missing: variants.indices.filter { variants[$0].isEmpty },
            conflicts: variants.reduce(0) { $0 + max(0, $1.count - 1) })
    }

    /// The start of the file as far as the parts received from the first one on, without a gap, decode it (at most
    /// `limit` bytes; empty until the first part is in). A glance only: the file itself comes from a complete set.
    func leadingBytes(limit: Int) -> [UInt8] {
        var joined: [UInt8] = []
        for frames in variants {
            guard let frame = frames.first, joined.count < limit else { break }
            joined += frame.bytes
        }
        guard !joined.isEmpty else { return [] }
        return encoding == .zlib ? Zlib.inflatePrefix(joined, limit: limit) : Array(joined.prefix(limit))
    }

    // MARK: - Methods

    /// Whether `frame` can belong to this animation: same series, and a payload of `partLength` characters (at
    /// most that for the last part).
    func accepts(_ frame: BBQrFrame) -> Bool {
        let header = frame.header
        guard header.encoding == encoding, header.fileType == fileType, header.count == variants.count else {
            return false
        }
        return header.isLast ? frame.payload.count <= partLength : frame.payload.count == partLength
    }

    /// Places a frame this assembler `accepts`.
    mutating func place(_ frame: BBQrFrame, maximumVariants: Int) -> Outcome {
        let index = frame.header.index
        if variants[index].contains(frame) { return .duplicate }
        if variants[index].isEmpty {
            variants[index] = [frame]
            return .placed
        }
        guard variants[index].count < maximumVariants else { return .tooManyVariants }
        variants[index].append(frame)
        return .contradiction
    }

    /// Up to `limit` choices of one frame per index, without repeats: first the layers — the primary set, then the
    /// second frame of every index that has one (the primary elsewhere), and so on, which is how two lookalike
    /// animations received whole come apart — then every other choice, the lowest index varying fastest. Empty
    /// unless complete.
    func combinations(limit: Int) -> [[BBQrFrame]] {
        guard isComplete else { return [] }
        var choices: [[Int]] = []
        var seen: Set<[Int]> = []
        let layers = variants.map(\.count).max() ?? 1
        for layer in 0..<layers where choices.count < limit {
            let choice = variants.map { $0.count > layer ? layer : 0 }
            if seen.insert(choice).inserted { choices.append(choice) }
        }
        var choice = [Int](repeating: 0, count: variants.count)
        while choices.count < limit {
            if seen.insert(choice).inserted { choices.append(choice) }
            guard let position = choice.indices.first(where: { choice[$0] + 1 < variants[$0].count }) else { break }
            for earlier in 0..<position { choice[earlier] = 0 }
            choice[position] += 1
        }
        return choices.map { choice in choice.indices.map { variants[$0][choice[$0]] } }
    }
}
