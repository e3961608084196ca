import Foundation

/// A running `hf-devnet serve`, started as a user would start it.
public final class ServeProcess {
    /// The process.
    public let process = Process()
    /// Its stdout.
    private let output = Pipe()
    /// Its stderr.
    private let errors = Pipe()
    /// The base URL it printed.
    public private(set) var url = ""

    /// Starts `hf-devnet serve --port 0 --state <state>` and reads the first stdout line.
    public init(state: String) throws {
        process.executableURL = BuiltTool("hf-devnet").url
        process.arguments = ["serve", "--port", "0", "--state", state]
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        url = try firstLine()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Sends SIGTERM and waits for the exit; returns the status, stdout after the first line, and stderr.
    public func terminate() -> (status: Int32, reason: Process.TerminationReason, stdout: String, stderr: String) {
        process.terminate()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, process.terminationReason, String(decoding: rest, as: UTF8.self),
            String(decoding: messages, as: UTF8.self)
        )
    }

    /// The first line of stdout, without its newline; throws if the process ends first.
    private func firstLine() throws -> String {
        var bytes: [UInt8] = []
        while !bytes.contains(0x0a) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                let messages = errors.fileHandleForReading.readDataToEndOfFile()
                throw ServeFailed(stderr: String(decoding: messages, as: UTF8.self))
            }
            bytes += chunk
        }
        return String(decoding: bytes.prefix { $0 != 0x0a }, as: UTF8.self)
    }

    /// `serve` ended before printing its URL.
    public struct ServeFailed: Error, CustomStringConvertible {
        let stderr: String
        public var description: String { "hf-devnet serve exited early: \(stderr)" }
    }
}
