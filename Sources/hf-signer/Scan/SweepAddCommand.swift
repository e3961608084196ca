import HFCommandLine
import HFPrimitives
import HFSignerCore

/// The sweep-import of a private key (`scan` of a WIF): not built yet.
enum SweepAddCommand {
    /// Refuses for now: the key was recognised and checked against --network, but nothing is stored.
    static func add(wif: String, selection: WalletSelection, out: String, context: CommandContext) throws -> ExitCode {
        _ = (wif, selection, out, context)
        throw CommandError(ExitCode(69), "the scanned text is a valid \(context.globals.network.network.rawValue) WIF "
            + "private key, but sweeping a private key is not available yet; nothing was stored")
    }
}
