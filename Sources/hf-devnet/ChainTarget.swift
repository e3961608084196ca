import Foundation
import HFCommandLine
import HFDevnet

/// Where `mine`, `fund` and `reorg` act: on a state directory directly (no server may be running on it), or
/// through a running server's control routes.
enum ChainTarget {
    /// The state directory.
    case state(String)
    /// A running `hf-devnet serve`'s base URL.
    case url(URL)

    /// The options, for help.
    static let options = [
        Option.state,
        Option.url,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let state = OptionHelp(
            "--state", value: "dir", help: "Act on this state directory (when no server runs on it).")
        static let url = OptionHelp("--url", value: "url", help: "Act through the running server at this base URL.")
    }

    /// Reads `--state DIR` or `--url URL` (exactly one).
    /// - Throws: `UsageError` for none, both, or a URL that is not `http(s)://host[:port]`.
    static func parse(_ arguments: inout Arguments) throws -> ChainTarget {
        switch (try arguments.option(Option.state), try arguments.option(Option.url)) {
        case (let state?, nil):
            return .state(state)
        case (nil, let text?):
            var trimmed = text
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            guard let url = URL(string: trimmed), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.query == nil, url.fragment == nil
            else { throw UsageError("--url must be the server's base URL, such as http://127.0.0.1:8080") }
            return .url(url)
        case (nil, nil):
            throw UsageError("give --state DIR, or --url URL of a running 'hf-devnet serve'")
        case (.some, .some):
            throw UsageError("give either --state or --url, not both")
        }
    }
}

/// Opens the chain in `path`.
/// - Throws: `CommandError` with the exit code of `DevnetError.commandError`.
func openChain(_ path: String) throws(CommandError) -> DevnetChain {
    do {
        return try DevnetChain(stateDirectory: path)
    } catch {
        throw error.commandError
    }
}

/// Runs `body` on the chain in `path` and closes it.
/// - Throws: `CommandError` for a chain error.
func withChain<T>(_ path: String, _ body: (DevnetChain) throws(DevnetError) -> T) throws(CommandError) -> T {
    let chain = try openChain(path)
    defer { chain.close() }
    do {
        return try body(chain)
    } catch {
        throw error.commandError
    }
}

extension DevnetError {
    /// The message and exit code (docs/design.md §8) for this error.
    var commandError: CommandError {
        switch self {
        case .stateDirectory: CommandError(.cannotCreate, description)
        case .stateDirectoryInUse(let path):
            .tryAgain(
                "the devnet state directory \(path) is locked by another hf-devnet (a running 'serve'?); "
                    + "stop it, or give 'mine', 'fund' and 'reorg' its --url instead of --state")
        case .keyFile: .dataError(description)
        case .keyFileTooOpen: .noPermission(description)
        case .storage: .ioError(description)
        case .invalidBlockCount, .invalidAmount, .reorgOutOfRange, .reorgNotHeavier: .usage(description)
        case .closed, .insufficientFunds: .failure(description)
        case .internalInconsistency: CommandError(.software, description)
        }
    }
}
