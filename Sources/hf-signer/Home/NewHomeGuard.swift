import HFCommandLine
import HFSignerCore

/// Runs the rest of a command that may just have created the home (`init`, `backup restore`): when it fails, a home
/// this process created is removed again before the session's lock is released, so a failed first `init` leaves no
/// half home (no database without a vault, no empty database) behind. A home that existed is left as it is.
func removingNewHomeOnFailure<T>(_ home: SignerHome, _ body: () throws -> T) throws -> T {
    do { return try body() } catch {
        home.discardIfNew()
        OpenSession.close()
        throw error
    }
}
