import Foundation

/// A running `hf-devnet serve`, started as a user would start it.
public final class ServeProcess {
    /// The child.
    public let child: Subprocess
    /// The base URL it printed.
    public let url: String

    /// Starts `hf-devnet serve --port 0 --state <state>` and reads the first stdout line.
    public init(state: String) throws {
        child = try BuiltTool("hf-devnet").start(["serve", "--port", "0", "--state", state])
        guard let line = child.readLine(), line.hasPrefix("http://") else {
            throw ServeFailed(stderr: child.finish().stderr)
        }
        url = line
    }

    /// Sends SIGTERM and waits for the exit; returns the status, stdout after the first line, and stderr.
    public func terminate() -> (status: Int32, stdout: String, stderr: String) {
        child.send(SIGTERM)
        return child.finish()
    }

    /// `serve` ended before printing its URL.
    public struct ServeFailed: Error, CustomStringConvertible {
        let stderr: String
        public var description: String { "hf-devnet serve exited early: \(stderr)" }
    }
}
