/// Why a frame, a file of frames, or a completed animation could not be used.
public enum ScanError: Error, Hashable, Sendable {
    /// The text starts with `B$` but is not a well-formed BBQr part.
    case malformedFrame(BBQrError)
    /// The frame has `length` bytes, more than any QR code holds.
    case frameTooLong(length: Int, limit: Int)
    /// Every tracked animation has more than one part and `limit` are tracked; finish or drop one first.
    case tooManyAnimations(limit: Int)
    /// Part `index` of the animation already has `limit` different versions; the frame was dropped.
    case tooManyVariants(index: Int, limit: Int)
    /// The animation is not complete yet.
    case incomplete(ScanProgress)
    /// The session holds no such animation.
    case unknownAnimation(AnimationKey)
    /// A UR text could not be read (`UR:` but malformed, a bad CRC, an inconsistent part, not type `bytes`).
    case malformedUR(URError)
    /// A UR message was complete but its CRC-32 or its CBOR is wrong.
    case urUndecodable(AnimationKey, URError)
    /// A `CHUNK:` frame could not be read.
    case malformedChunk(ChunkError)
    /// A `CHUNK:` collection was complete but its text is not Base64.
    case chunkUndecodable(AnimationKey, ChunkError)
    /// The parts are all in but do not decode (for `Z`, not a valid DEFLATE stream).
    case undecodable(AnimationKey, BBQrError)
    /// The decoded file failed the caller's validation (`reason` is the validator's message).
    case validationFailed(AnimationKey, reason: String)
    /// A file or directory could not be read.
    case unreadableFile(path: String, reason: String)
    /// An image could not be read or scanned.
    case image(path: String, QRError)
}

extension ScanError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .malformedFrame(let error): "a BBQr frame was not readable: \(error)"
        case .frameTooLong(let length, let limit):
            "a code of \(length) bytes is longer than any QR code (\(limit)); it was not read from one code"
        case .tooManyAnimations(let limit):
            "\(limit) animations are in progress at once; finish one or start the scan again"
        case .tooManyVariants(let index, let limit):
            "part \(index) was seen in \(limit) different versions; more than one animation may be in view"
        case .incomplete(let progress): "the animation is not complete: \(progress)"
        case .unknownAnimation(let key): "no animation \(key) was scanned"
        case .undecodable(let key, let error): "\(key) is complete but does not decode: \(error)"
        case .malformedUR(let error): "a UR frame was not readable: \(error)"
        case .malformedChunk(let error): "\(error)"
        case .chunkUndecodable(let key, let error): "\(key) is complete but does not decode: \(error)"
        case .urUndecodable(let key, let error): "\(key) is complete but does not decode: \(error)"
        case .validationFailed(let key, let reason):
            "\(key) is complete but is not a valid file (\(reason)); if two animations with the same header were "
                + "in view, scan them one at a time"
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        case .image(let path, let error): "\(path): \(error)"
        }
    }
}
