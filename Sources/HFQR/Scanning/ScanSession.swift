import HFCrypto

/// Collects QR frames in any order and reassembles the files they carry (docs/design.md §9).
///
/// Frames come as text (a line pasted from any scanner) or as the bytes zbar read. BBQr parts go to one assembler per
/// animation (`AnimationKey`: encoding, file type, count and part length), so two animations in view never mix.
/// Repeats are ignored, a frame that contradicts its animation is reported and held aside, and progress is exact.
/// Anything that does not start with `B$` is taken as a plain single QR holding a whole file. BBQr carries no
/// checksum: a completed file is handed out only after it passes the caller's validation (the bundle decoders).
public struct ScanSession: Sendable {
    /// The bounds the session keeps to.
    public let limits: ScanLimits
    private var assemblers: [AnimationKey: PartAssembler] = [:]
    private var plain: [AnimationKey: [UInt8]] = [:]
    /// Multi-part UR animations, solved by elimination.
    private var fountains: [AnimationKey: URRankDecoder] = [:]
    /// Single-part URs: their messages.
    private var urMessages: [AnimationKey: [UInt8]] = [:]
    /// `CHUNK:` collections: the first data received per index, and how many contradicting frames were seen.
    private var chunkCollections: [AnimationKey: (pieces: [Int: String], conflicts: Int)] = [:]
    /// Animations in the order first seen.
    private var order: [AnimationKey] = []
    /// Animations in the order they completed.
    private var completionOrder: [AnimationKey] = []
    /// Last parts of multi-part series whose part length was unknown when they arrived, by series.
    private var heldLastParts: [SeriesID: [BBQrFrame]] = [:]
    /// The series in `heldLastParts`, oldest first (at most `limits.maximumAnimations`).
    private var heldSeries: [SeriesID] = []

    // MARK: - Initializers

    /// An empty session.
    public init(limits: ScanLimits = ScanLimits()) {
        self.limits = limits
    }

    // MARK: - Properties

    /// The progress of every animation, in the order first seen.
    public var progress: [ScanProgress] { order.compactMap(progress(of:)) }

    /// The animations that have every part (not yet validated), in the order they completed.
    public var completeAnimations: [AnimationKey] { completionOrder }

    // MARK: - Adding frames

    /// Adds one frame given as text; surrounding whitespace is ignored, a blank line does nothing.
    public mutating func add(frameText text: String) -> ScanEvent {
        let bytes = Array(text.utf8).trimmingASCIIWhitespace()
        return bytes.isEmpty ? .ignored : add(symbolData: bytes)
    }

    /// Adds one frame given as the bytes a QR code held (as `QRScanner` returns them).
    public mutating func add(symbolData bytes: [UInt8]) -> ScanEvent {
        guard bytes.count <= BBQrFrame.maximumLength else {
            return .rejected(.frameTooLong(length: bytes.count, limit: BBQrFrame.maximumLength))
        }
        if SymbolSplitter.isUR(bytes) { return addUR(bytes) }
        if SymbolSplitter.isChunk(bytes) { return addChunk(bytes) }
        guard bytes.starts(with: [UInt8(ascii: "B"), UInt8(ascii: "$")]) else { return addPlain(bytes) }
        do {
            return add(try BBQrFrame(parsing: bytes))
        } catch {
            return .rejected(.malformedFrame(error))
        }
    }

    /// Adds every non-blank line of `text` as a frame; a line holding several frames printed without a separator
    /// (`zbarimg -Sbinary`) is cut into them first (``SymbolSplitter``).
    public mutating func add(lines text: String) -> [ScanEvent] {
        var events: [ScanEvent] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let bytes = Array(line.utf8).trimmingASCIIWhitespace()
            for symbol in SymbolSplitter.symbols(in: bytes) where !symbol.isEmpty {
                let event = add(symbolData: symbol.trimmingASCIIWhitespace())
                if event != .ignored { events.append(event) }
            }
        }
        return events
    }

    /// Drops an animation (after its file was written, or to start it over).
    public mutating func remove(_ key: AnimationKey) {
        assemblers[key] = nil
        plain[key] = nil
        fountains[key] = nil
        urMessages[key] = nil
        chunkCollections[key] = nil
        order.removeAll { $0 == key }
        completionOrder.removeAll { $0 == key }
    }

    // MARK: - Completed files

    /// The first completed animation, in completion order, whose file passes `validate`.
    ///
    /// If an animation's primary parts fail, the frames held aside as contradictions are tried in their place
    /// (up to `limits.maximumCombinations`).
    /// - Parameter validate: throws unless the bytes are a valid file of the kind expected (e.g. a bundle that
    ///   decodes strictly and whose kind matches the BBQr file type).
    /// - Returns: nil while no animation is complete.
    /// - Throws: the first completed animation's `ScanError.undecodable` or `.validationFailed` when none passes.
    public func completed(validate: (ScannedPayload) throws -> Void) throws(ScanError) -> ScannedPayload? {
        var firstFailure: ScanError?
        for key in completionOrder {
            do {
                return try payload(for: key, validate: validate)
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw firstFailure }
        return nil
    }

    /// The file of one complete animation, if it passes `validate`.
    /// - Throws: `ScanError.unknownAnimation`, `.incomplete`, `.undecodable` or `.validationFailed` (for the
    ///   primary parts, when no combination passes).
    public func payload(for key: AnimationKey, validate: (ScannedPayload) throws -> Void) throws(ScanError)
        -> ScannedPayload
    {
        if let bytes = plain[key] {
            // A plain code may hold a whole file, or its Base64 text (an unchunked vault-manager payload).
            var candidates = [bytes]
            if bytes.count >= 8, let decoded = Base64.decode(bytes) { candidates.append(decoded) }
            return try firstValid(candidates, key: key, validate: validate)
        }
        if let collection = chunkCollections[key] {
            guard case .chunk(_, let total) = key, collection.pieces.count == total else {
                throw .incomplete(progress(of: key)!)
            }
            let text = (0..<total).map { collection.pieces[$0] ?? "" }.joined()
            guard let bytes = Base64.decode(Array(text.utf8)) else { throw .chunkUndecodable(key, .notBase64) }
            return try firstValid([bytes], key: key, validate: validate)
        }
        if case .ur = key { return try urPayload(for: key, validate: validate) }
        guard let assembler = assemblers[key] else { throw .unknownAnimation(key) }
        guard assembler.isComplete else { throw .incomplete(assembler.progress) }
        var firstFailure: ScanError?
        for frames in assembler.combinations(limit: limits.maximumCombinations) {
            do {
                let bytes = try BBQrJoiner.decode(
                    parts: frames.map(\.bytes), encoding: assembler.encoding, limit: limits.maximumPayloadBytes)
                let payload = ScannedPayload(animation: key, fileType: assembler.fileType, bytes: bytes)
                do {
                    try validate(payload)
                    return payload
                } catch {
                    firstFailure = firstFailure ?? .validationFailed(key, reason: "\(error)")
                }
            } catch {
                firstFailure = firstFailure ?? .undecodable(key, error)
            }
        }
        throw firstFailure ?? .incomplete(assembler.progress)
    }

    /// Every distinct file one complete animation yields that passes `validate`: for a BBQr animation whose indexes
    /// hold frames of two lookalike series (same header and part length, no identity to tell them apart), each
    /// series whose frames are all in (up to `limits.maximumCombinations` choices are tried).
    /// - Throws: as `payload(for:validate:)` when none passes.
    public func payloads(for key: AnimationKey, validate: (ScannedPayload) throws -> Void) throws(ScanError)
        -> [ScannedPayload]
    {
        guard let assembler = assemblers[key], assembler.isComplete, assembler.progress.conflicts > 0 else {
            return [try payload(for: key, validate: validate)]
        }
        var found: [ScannedPayload] = []
        for frames in assembler.combinations(limit: limits.maximumCombinations) {
            guard let bytes = try? BBQrJoiner.decode(
                parts: frames.map(\.bytes), encoding: assembler.encoding, limit: limits.maximumPayloadBytes)
            else { continue }
            let payload = ScannedPayload(animation: key, fileType: assembler.fileType, bytes: bytes)
            guard (try? validate(payload)) != nil, !found.contains(payload) else { continue }
            found.append(payload)
        }
        if found.isEmpty { return [try payload(for: key, validate: validate)] }
        return found
    }

    /// The start of the file an incomplete BBQr animation carries, as far as its parts from the first one on
    /// decode it (at most `limit` bytes, 256 KiB by default; nil for an unknown or plain animation, empty before its
    /// first part). For telling the user early what is arriving; the file itself is only ever taken from a complete
    /// set.
    public func leadingBytes(of key: AnimationKey, limit: Int = 1 << 18) -> [UInt8]? {
        assemblers[key]?.leadingBytes(limit: limit)
    }

    /// The progress of one animation.
    public func progress(of key: AnimationKey) -> ScanProgress? {
        if let decoder = fountains[key] {
            return ScanProgress(animation: key, received: decoder.rank, total: decoder.fragmentCount,
                                missing: decoder.openFragments, conflicts: 0, partsReceived: decoder.received)
        }
        if let collection = chunkCollections[key], case .chunk(_, let total) = key {
            return ScanProgress(animation: key, received: collection.pieces.count, total: total,
                                missing: (0..<total).filter { collection.pieces[$0] == nil },
                                conflicts: collection.conflicts)
        }
        if plain[key] != nil || urMessages[key] != nil { return ScanProgress(animation: key, received: 1, total: 1, missing: [], conflicts: 0) }
        return assemblers[key]?.progress
    }

    // MARK: - Private

    /// Routes a UR text: a single part is recorded whole, a part of several goes to its animation's rank decoder.
    private mutating func addUR(_ bytes: [UInt8]) -> ScanEvent {
        let parsed: URText.Parsed
        do {
            parsed = try URText.parse(bytes, maximumFragments: ScanLimits.maximumURFragments,
                                      maximumMessage: ScanLimits.maximumURMessageBytes)
        } catch {
            return .rejected(.malformedUR(error))
        }
        switch parsed {
        case .single(let type, let message):
            guard type == "bytes" else { return .rejected(.malformedUR(.malformedText("type \(type), not bytes"))) }
            let key = AnimationKey.ur(type: type, fragments: 1, messageLength: message.count,
                                      checksum: CRC32.checksum(message))
            let progress = ScanProgress(animation: key, received: 1, total: 1, missing: [], conflicts: 0)
            guard urMessages[key] == nil else { return .duplicate(progress) }
            guard makeRoom() else { return .rejected(.tooManyAnimations(limit: limits.maximumAnimations)) }
            urMessages[key] = message
            order.append(key)
            completionOrder.append(key)
            return .accepted(progress)
        case .part(let type, let part):
            guard type == "bytes" else { return .rejected(.malformedUR(.malformedText("type \(type), not bytes"))) }
            let key = AnimationKey.ur(type: type, fragments: part.fragmentCount, messageLength: part.messageLength,
                                      checksum: part.checksum)
            if fountains[key] == nil {
                guard makeRoom() else { return .rejected(.tooManyAnimations(limit: limits.maximumAnimations)) }
                fountains[key] = URRankDecoder(for: part)
                order.append(key)
            }
            guard var decoder = fountains[key], decoder.accepts(part) else {
                return .rejected(.malformedUR(.inconsistentPart("a fragment length unlike its animation's")))
            }
            let outcome = decoder.add(part)
            fountains[key] = decoder
            if decoder.isComplete, !completionOrder.contains(key) { completionOrder.append(key) }
            let progress = progress(of: key)!
            return outcome == .independent ? .accepted(progress) : .duplicate(progress)
        }
    }

    /// The file a complete UR carries: the `bytes` message unwrapped, as it is or inflated (raw DEFLATE, 1 KiB window,
    /// as `qr encode --format ur` writes it when that is smaller), whichever passes `validate`.
    private func urPayload(for key: AnimationKey, validate: (ScannedPayload) throws -> Void) throws(ScanError)
        -> ScannedPayload
    {
        let message: [UInt8]
        if let single = urMessages[key] {
            message = single
        } else if let decoder = fountains[key] {
            guard decoder.isComplete else { throw .incomplete(progress(of: key)!) }
            do {
                message = try decoder.message() ?? []
            } catch {
                throw .urUndecodable(key, error)
            }
        } else {
            throw .unknownAnimation(key)
        }
        let bytes: [UInt8]
        do {
            bytes = try URBytesMessage.unwrap(message)
        } catch {
            throw .urUndecodable(key, error)
        }
        var candidates = [bytes]
        if let inflated = try? Zlib.inflate(bytes, limit: limits.maximumPayloadBytes) { candidates.append(inflated) }
        return try firstValid(candidates, key: key, validate: validate)
    }

    /// The first of `candidates` (readings of one animation's bytes) that passes `validate`.
    /// - Throws: `.validationFailed` with the first candidate's reason.
    private func firstValid(_ candidates: [[UInt8]], key: AnimationKey, validate: (ScannedPayload) throws -> Void)
        throws(ScanError) -> ScannedPayload
    {
        var firstFailure: ScanError?
        for candidate in candidates {
            let payload = ScannedPayload(animation: key, fileType: nil, bytes: candidate)
            do {
                try validate(payload)
                return payload
            } catch {
                firstFailure = firstFailure ?? .validationFailed(key, reason: "\(error)")
            }
        }
        throw firstFailure!
    }

    /// Routes a `CHUNK:` frame to its collection (by identity and total); a frame whose data differs from the one
    /// already held at its index is reported and not merged.
    private mutating func addChunk(_ bytes: [UInt8]) -> ScanEvent {
        let frame: ChunkFrame
        do {
            frame = try ChunkFrame(parsing: bytes)
        } catch {
            return .rejected(.malformedChunk(error))
        }
        let key = AnimationKey.chunk(id: frame.id, total: frame.total)
        if chunkCollections[key] == nil {
            guard makeRoom() else { return .rejected(.tooManyAnimations(limit: limits.maximumAnimations)) }
            chunkCollections[key] = ([:], 0)
            order.append(key)
        }
        var collection = chunkCollections[key]!
        let outcome: ScanEvent
        if let held = collection.pieces[frame.index] {
            if held == frame.data { return .duplicate(progress(of: key)!) }
            collection.conflicts += 1
            chunkCollections[key] = collection
            outcome = .contradiction(index: frame.index, progress(of: key)!)
        } else {
            collection.pieces[frame.index] = frame.data
            chunkCollections[key] = collection
            outcome = .accepted(progress(of: key)!)
        }
        if collection.pieces.count == frame.total, !completionOrder.contains(key) { completionOrder.append(key) }
        return outcome
    }

    /// Records a plain single QR.
    private mutating func addPlain(_ bytes: [UInt8]) -> ScanEvent {
        let key = AnimationKey.plain(sha256: Hash.sha256(bytes))
        if plain[key] == nil {
            guard makeRoom() else { return .rejected(.tooManyAnimations(limit: limits.maximumAnimations)) }
            plain[key] = bytes
            order.append(key)
            completionOrder.append(key)
            return .accepted(ScanProgress(animation: key, received: 1, total: 1, missing: [], conflicts: 0))
        }
        return .duplicate(ScanProgress(animation: key, received: 1, total: 1, missing: [], conflicts: 0))
    }

    /// Routes a parsed BBQr frame to its animation(s).
    private mutating func add(_ frame: BBQrFrame) -> ScanEvent {
        let header = frame.header
        if header.isLast, header.count > 1 {
            hold(lastPart: frame)
            var events: [ScanEvent] = []
            for key in order where assemblers[key]?.accepts(frame) == true { events.append(place(frame, in: key)) }
            guard !events.isEmpty else { return .heldLastPart(header) }
            return events.first { if case .accepted = $0 { true } else { false } } ?? events[0]
        }
        let key = AnimationKey.bbqr(
            encoding: header.encoding, fileType: header.fileType, count: header.count, partLength: frame.payload.count)
        if assemblers[key] == nil {
            guard makeRoom() else { return .rejected(.tooManyAnimations(limit: limits.maximumAnimations)) }
            var assembler = PartAssembler(header: header, partLength: frame.payload.count)
            for held in heldLastParts[SeriesID(header)] ?? [] where assembler.accepts(held) {
                _ = assembler.place(held, maximumVariants: limits.maximumVariantsPerPart)
            }
            assemblers[key] = assembler
            order.append(key)
            noteCompletion(of: key)
        }
        return place(frame, in: key)
    }

    /// Keeps the last part of a series for assemblers made later (the newest few per series, for the newest
    /// `limits.maximumAnimations` series).
    private mutating func hold(lastPart frame: BBQrFrame) {
        let series = SeriesID(frame.header)
        var held = heldLastParts[series] ?? []
        guard !held.contains(frame) else { return }
        if held.isEmpty {
            if heldSeries.count >= limits.maximumAnimations { heldLastParts[heldSeries.removeFirst()] = nil }
            heldSeries.append(series)
        }
        held.append(frame)
        if held.count > limits.maximumVariantsPerPart { held.removeFirst() }
        heldLastParts[series] = held
    }

    /// Places a frame in the assembler for `key` and reports what happened.
    private mutating func place(_ frame: BBQrFrame, in key: AnimationKey) -> ScanEvent {
        guard var assembler = assemblers[key] else { preconditionFailure("ScanSession: no assembler for \(key)") }
        let outcome = assembler.place(frame, maximumVariants: limits.maximumVariantsPerPart)
        assemblers[key] = assembler
        noteCompletion(of: key)
        switch outcome {
        case .placed: return .accepted(assembler.progress)
        case .duplicate: return .duplicate(assembler.progress)
        case .contradiction: return .contradiction(index: frame.header.index, assembler.progress)
        case .tooManyVariants:
            return .rejected(.tooManyVariants(index: frame.header.index, limit: limits.maximumVariantsPerPart))
        }
    }

    /// Records that an animation completed, once.
    private mutating func noteCompletion(of key: AnimationKey) {
        if assemblers[key]?.isComplete == true, !completionOrder.contains(key) { completionOrder.append(key) }
    }

    /// Makes room for one more animation by dropping the oldest that holds at most one part (or is a plain QR).
    /// - Returns: false when every tracked animation holds more than one part.
    private mutating func makeRoom() -> Bool {
        guard order.count >= limits.maximumAnimations else { return true }
        let victim = order.first { key in
            if plain[key] != nil || urMessages[key] != nil { return true }
            if let fountain = fountains[key] { return fountain.received <= 1 }
            if let collection = chunkCollections[key] { return collection.pieces.count <= 1 }
            return (assemblers[key]?.received ?? 0) <= 1
        }
        guard let victim else { return false }
        remove(victim)
        return true
    }
}

/// The first six header characters: encoding, file type and count.
struct SeriesID: Hashable, Sendable {
    let encoding: BBQrEncoding
    let fileType: BBQrFileType
    let count: Int

    init(_ header: BBQrHeader) {
        encoding = header.encoding
        fileType = header.fileType
        count = header.count
    }
}

extension [UInt8] {
    /// The bytes without leading and trailing ASCII whitespace.
    func trimmingASCIIWhitespace() -> [UInt8] {
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d].contains($0) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return Array(self[first...last])
    }
}
