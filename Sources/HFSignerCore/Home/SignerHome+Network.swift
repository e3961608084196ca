public import HFPrimitives
import HFHome
public import HFStore
import HFSystem

extension SignerHome {
    /// The network a signer command runs on (docs/design.md §7, "The home's network"): `given` (`--network`) if the
    /// home holds it or `mayAdd`; else the home's recorded network, else the one it holds, else `main`.
    ///
    /// - Parameters:
    ///   - explicit: the `--home` value, if any.
    ///   - mayAdd: the command may bring a network into the home (`init`, `wallet create|import`, `backup
    ///     restore`, `migrate`) or reads nothing of it.
    /// - Throws: `SignerError.input` (exit 64, codes `networkNotHeld`, `networkAmbiguous`) with a sentence naming the
    ///   networks the home holds.
    public static func network(
        explicit: String?, given: Network?, mayAdd: Bool,
        environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> Network {
        do {
            return try ApplicationHome<SignerProgram>.networks(explicit: explicit, environment: environment)
                .resolve(given: given, mayAdd: mayAdd)
        } catch {
            throw .input(reason: error.description, code: error.code, status: .usage)
        }
    }

    /// Records `network` as the home's network unless one is recorded (the first `init` decides).
    ///
    /// - Throws: `SignerError.cannotCreate` when the record cannot be written.
    public func recordNetwork(_ network: Network) throws(SignerError) {
        do { try HomeNetworks.record(network, home: directory.path) } catch {
            throw .cannotCreate(reason: "cannot record the home's network: \(error.description)")
        }
    }
}
