public import HFPrimitives
import HFHome
public import HFStore
import HFSystem

extension SignerHome {
    /// The network a signer command runs on (docs/design.md §7, "The home's network"): `given` (`--network`) if the
    /// home holds it or `mayAdd`; else the home's recorded network, else the one it holds, else `main`. A signer home
    /// holds the networks of its header files and of its wallets (a migrated home may have wallets of a network
    /// whose header file no command has made yet); the wallets are read, without the lock, only when the header
    /// files do not settle the answer.
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
        let location = try? HomeDirectory.location(
            explicit: explicit, application: SignerHome.application, environment: environment)
        do {
            return try ApplicationHome<SignerProgram>.networks(explicit: explicit, environment: environment)
                .resolve(given: given, mayAdd: mayAdd) { location.map(walletNetworks(home:)) ?? [] }
        } catch {
            throw .input(reason: error.description, code: error.code, status: .usage)
        }
    }

    /// The networks the home at `home` has wallets of, read from its database without the home's lock (SQLite's own
    /// locking keeps the read whole); none when the home or its database is missing or cannot be read.
    static func walletNetworks(home: String) -> [Network] {
        let path = home + "/" + databaseName
        guard FileSystem.exists(path), let database = try? Database(path: path, create: false) else { return [] }
        return (try? WalletRecords(database: database).networks()) ?? []
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
