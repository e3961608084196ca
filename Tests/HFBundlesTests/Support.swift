import HFTestSupport

/// Decodes test hex (trusted data; traps on malformed input). Independent of the code under test.
func hex(_ string: String) -> [UInt8] { TestHex.decode(string) }

/// Encodes bytes as lower-case hex, independently of the code under test.
func hex(_ bytes: [UInt8]) -> String { TestHex.encode(bytes) }

/// The UTF-8 bytes of a string.
func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Bytes as a string, for readable comparisons of JSON output.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
