import Testing
import QRFixtures

@testable import HFQR

/// A JSON-ish document of about `size` bytes that deflates well but is distinct per `seed`.
private func document(_ size: Int, seed: UInt64) -> [UInt8] {
    let body = noise(size / 2, seed: seed).map { String($0 % 16, radix: 16) }.joined()
    return utf8("{\"format\":\"test\",\"data\":\"\(body)\"}")
}

/// Accepts only JSON-looking payloads (stands in for the bundle decoders).
private func looksLikeJSON(_ payload: ScannedPayload) throws {
    struct NotJSON: Error {}
    guard payload.bytes.first == UInt8(ascii: "{"), payload.bytes.last == UInt8(ascii: "}"),
        String(validating: payload.bytes, as: UTF8.self) != nil
    else { throw NotJSON() }
}

/// A series at a small version, so that a few KB make several parts.
private func series(_ bytes: [UInt8], encoding: BBQrEncoding = .zlib, version: Int = 10) throws -> BBQrSeries {
    try BBQrSplitter.split(bytes, fileType: .json, options: BBQrSplitOptions(encoding: encoding, versions: 5...version))
}

/// Whether an event placed a new part.
private func isAccepted(_ event: ScanEvent) -> Bool { if case .accepted = event { true } else { false } }

@Suite struct ScanSessionTests {
    @Test func shuffledWithRepeatsCompletes() throws {
        let bytes = document(6000, seed: 1)
        let parts = try series(bytes).parts
        #expect(parts.count >= 5)
        var session = ScanSession()
        let events = (shuffled(parts + parts.prefix(3), seed: 2)).map { session.add(frameText: $0) }
        #expect(events.filter(isAccepted).count == parts.count)
        #expect(events.filter { if case .duplicate = $0 { true } else { false } }.count
            + events.filter { if case .heldLastPart = $0 { true } else { false } }.count >= 3)
        let payload = try #require(try session.completed(validate: looksLikeJSON))
        #expect(payload.bytes == bytes && payload.fileType == .json)
        #expect(session.progress.count == 1 && session.progress[0].isComplete)
    }

    @Test func missingPartIsReportedExactly() throws {
        let parts = try series(document(6000, seed: 3)).parts
        var session = ScanSession()
        for (index, part) in parts.enumerated() where index != 2 { _ = session.add(frameText: part) }
        let progress = try #require(session.progress.first)
        #expect(progress.received == parts.count - 1 && progress.total == parts.count && progress.missing == [2])
        #expect(progress.description.hasSuffix("\(parts.count - 1) of \(parts.count); missing 2"))
        #expect(try session.completed(validate: looksLikeJSON) == nil)
        #expect(throws: ScanError.incomplete(progress)) { try session.payload(for: progress.animation) { _ in } }
        _ = session.add(frameText: parts[2])
        #expect(try session.completed(validate: looksLikeJSON) != nil)
    }

    @Test func lastPartAloneIsHeldUntilItsAnimationAppears() throws {
        let parts = try series(document(6000, seed: 4)).parts
        var session = ScanSession()
        guard case .heldLastPart(let header) = session.add(frameText: parts.last!) else {
            Issue.record("the last part should be held")
            return
        }
        #expect(header.isLast && session.progress.isEmpty)
        let event = session.add(frameText: parts[0])
        #expect(event.progress?.received == 2)
    }

    @Test func interleavedAnimationsStayApartAndBothComplete() throws {
        let first = document(6000, seed: 5)
        let second = document(9000, seed: 6)
        let a = try series(first).parts
        let b = try series(second).parts
        #expect(a.count != b.count || a[0].utf8.count != b[0].utf8.count)
        var session = ScanSession()
        for index in 0..<max(a.count, b.count) {
            if index < a.count { _ = session.add(frameText: a[index]) }
            if index < b.count { _ = session.add(frameText: b[index]) }
        }
        #expect(session.progress.count == 2 && session.progress.allSatisfy(\.isComplete))
        #expect(session.progress.allSatisfy { $0.conflicts == 0 })
        let keys = session.completeAnimations
        #expect(try session.payload(for: keys[0], validate: looksLikeJSON).bytes == first)
        #expect(try session.payload(for: keys[1], validate: looksLikeJSON).bytes == second)
        session.remove(keys[0])
        #expect(try session.completed(validate: looksLikeJSON)?.bytes == second)
    }

    @Test func corruptedFramesAreRejectedOrOutvoted() throws {
        let bytes = document(6000, seed: 7)
        let parts = try series(bytes).parts
        // A character outside Base32: rejected outright.
        var session = ScanSession()
        var broken = Array(parts[1].utf8)
        broken[20] = UInt8(ascii: "1")
        #expect(session.add(frameText: String(decoding: broken, as: UTF8.self))
            == .rejected(.malformedFrame(.invalidCharacter(offset: 20))))
        // A valid but wrong character, seen first: it fails validation, then the genuine frame wins.
        var altered = Array(parts[1].utf8)
        altered[20] = altered[20] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        _ = session.add(frameText: String(decoding: altered, as: UTF8.self))
        for part in parts where part != parts[1] { _ = session.add(frameText: part) }
        let key = try #require(session.completeAnimations.first)
        #expect(throws: ScanError.self) { try session.completed(validate: looksLikeJSON) }
        let event = session.add(frameText: parts[1])
        #expect(event == .contradiction(index: 1, try #require(session.progress(of: key))))
        #expect(session.progress(of: key)?.conflicts == 1)
        #expect(try session.completed(validate: looksLikeJSON)?.bytes == bytes)
        // Seen only corrupted: never handed out.
        var lonely = ScanSession()
        _ = lonely.add(frameText: String(decoding: altered, as: UTF8.self))
        for part in parts where part != parts[1] { _ = lonely.add(frameText: part) }
        #expect(throws: ScanError.self) { try lonely.completed(validate: looksLikeJSON) }
    }

    @Test func sameCountFromAnotherBundle() throws {
        // Same count and part length: a part from the other bundle is a contradiction, never merged.
        let first = document(3000, seed: 8)
        let second = document(3000, seed: 9)
        let a = try series(first, encoding: .base32).parts
        let b = try series(second, encoding: .base32).parts
        #expect(a.count == b.count && a.map(\.utf8.count) == b.map(\.utf8.count))
        var session = ScanSession()
        _ = session.add(frameText: a[0])
        guard case .contradiction(0, let progress) = session.add(frameText: b[0]) else {
            Issue.record("b[0] should contradict a[0]")
            return
        }
        #expect(progress.received == 1 && progress.conflicts == 1)
        // Different part length: a separate animation.
        let c = try series(document(3000, seed: 10), encoding: .base32, version: 9).parts
        #expect(c.count != a.count || c[0].utf8.count != a[0].utf8.count)
        _ = session.add(frameText: c[0])
        #expect(session.progress.count == 2)
    }

    @Test func headerCollisionsNeverYieldAMix() throws {
        // Two 3-part series with identical headers and lengths, fully interleaved: whichever completes, the
        // payload handed out is one of the two files, never a mixture.
        let first = document(1000, seed: 11)
        let second = document(1000, seed: 12)
        let a = try series(first, encoding: .base32).parts
        let b = try series(second, encoding: .base32).parts
        #expect(a.count == 3 && a.map { $0.prefix(8) } == b.map { $0.prefix(8) })
        var session = ScanSession()
        var contradictions = 0
        for (x, y) in [(a[0], b[0]), (b[1], a[1]), (a[2], b[2])] {
            for part in [x, y] {
                if case .contradiction = session.add(frameText: part) { contradictions += 1 }
            }
        }
        #expect(contradictions == 3)
        // The primary set is a[0], b[1], a[2]: a mixture that a strict validator refuses.
        let strict: (ScannedPayload) throws -> Void = { payload in
            struct Mixed: Error {}
            guard payload.bytes == first || payload.bytes == second else { throw Mixed() }
        }
        let payload = try #require(try session.completed(validate: strict))
        #expect(payload.bytes == first || payload.bytes == second)
    }

    @Test func plainSingleQRAndGarbage() throws {
        var session = ScanSession()
        #expect(session.add(frameText: "   ") == .ignored)
        #expect(session.add(lines: "\n\r\n").isEmpty)
        let json = utf8("{\"format\":\"hftx\"}")
        #expect(isAccepted(session.add(symbolData: json)))
        guard case .duplicate = session.add(frameText: "{\"format\":\"hftx\"}  \r") else {
            Issue.record("the same plain payload is a duplicate")
            return
        }
        #expect(isAccepted(session.add(frameText: "https://example.com/not-a-bundle")))
        let payload = try #require(try session.completed(validate: looksLikeJSON))
        #expect(payload.bytes == json && payload.fileType == nil)
        #expect(session.add(frameText: "B$2J01") == .rejected(.malformedFrame(.truncatedHeader(length: 6))))
        let long = [UInt8](repeating: 0x41, count: 7090)
        #expect(session.add(symbolData: long) == .rejected(.frameTooLong(length: 7090, limit: 7089)))
    }

    @Test func animationLimitEvictsOnlyStubs() throws {
        var session = ScanSession(limits: ScanLimits(maximumAnimations: 2))
        let a = try series(document(6000, seed: 13)).parts
        _ = session.add(frameText: a[0])
        _ = session.add(frameText: a[1])
        _ = session.add(frameText: "noise 1")
        _ = session.add(frameText: "noise 2")
        #expect(session.progress.count == 2 && session.progress[0].received == 2)
        let b = try series(document(9000, seed: 14)).parts
        _ = session.add(frameText: b[0])
        _ = session.add(frameText: b[1])
        #expect(session.add(frameText: "noise 3") == .rejected(.tooManyAnimations(limit: 2)))
    }

    @Test func variantsAreBounded() throws {
        var session = ScanSession(limits: ScanLimits(maximumVariantsPerPart: 2))
        let parts = (0..<3).map { "B$2J0100" + ["MZXW6YTB", "MZXW6YTC", "MZXW6YTD"][$0] }
        _ = session.add(frameText: parts[0])
        guard case .contradiction = session.add(frameText: parts[1]) else {
            Issue.record("the second variant is a contradiction")
            return
        }
        #expect(session.add(frameText: parts[2]) == .rejected(.tooManyVariants(index: 0, limit: 2)))
    }
}

@Suite struct ScanSessionBoundsTests {
    @Test func heldLastPartsAreBounded() throws {
        var session = ScanSession(limits: ScanLimits(maximumAnimations: 2))
        // Last parts of three different series: only the newest two are kept.
        for (count, last) in [("02", "01"), ("03", "02"), ("04", "03")] {
            guard case .heldLastPart = session.add(frameText: "B$2J" + count + last + "MZXW6YTB") else {
                Issue.record("a lone last part is held")
                return
            }
        }
        // Part 0 of the 2-part series: its last part was dropped, so the animation waits for it.
        #expect(session.add(frameText: "B$2J0200MZXW6YTB").progress?.missing == [1])
        // Part 0 of the 4-part series adopts its held last part.
        #expect(session.add(frameText: "B$2J0400MZXW6YTB").progress?.missing == [1, 2])
    }
}

