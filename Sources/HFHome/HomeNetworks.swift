public import HFPrimitives
import HFStore
public import HFSystem

/// The networks a home holds and the one it was made for: what a command runs on when `--network` is not given
/// (docs/design.md §7, "The home's network").
///
/// `init --network N` records N in `<home>/network` (one line, mode 0600) when the home has no recorded network yet.
/// A network is *held* when its header file (`headers-<network>.dat`) is in the home (`init` and every command that
/// opens a network's chain make it) or, for the signer, when the home has a wallet of it (a DashSync migration or a
/// restore may bring wallets of a network whose header file is made only when a command first uses it:
/// ``resolve(given:mayAdd:alsoHeld:)``). The files are read without the home's lock or database: they are only ever
/// created, the record replaced atomically.
public struct HomeNetworks: Sendable, Equatable {
    /// The file, inside the home, that records its network.
    public static let fileName = "network"

    /// The network recorded by `init`, or nil for a home made before homes recorded one (or not made yet).
    public let recorded: Network?
    /// The networks whose header file is in the home, in ``Network/allCases`` order.
    public let held: [Network]
    /// Whether the home directory exists.
    public let homeExists: Bool

    /// A value from its parts (tests; ``read(location:)`` reads a home).
    public init(recorded: Network?, held: [Network], homeExists: Bool) {
        self.recorded = recorded
        self.held = held
        self.homeExists = homeExists
    }

    /// Reads what the home at `location` (a resolved or given home path) records and holds; a missing home holds
    /// nothing. An unreadable or unknown record counts as none (the held networks then decide).
    public static func read(location: String) -> HomeNetworks {
        guard FileSystem.exists(location) else { return HomeNetworks(recorded: nil, held: [], homeExists: false) }
        let held = Network.allCases.filter { FileSystem.exists(location + "/headers-\($0.rawValue).dat") }
        return HomeNetworks(recorded: recordedNetwork(location + "/" + fileName), held: held, homeExists: true)
    }

    /// The network a command runs on.
    ///
    /// - Parameters:
    ///   - given: `--network` as written, or nil.
    ///   - mayAdd: true for the commands that may bring a network into the home (`init`, adding a wallet) or that do
    ///     not read the home: any given network is accepted.
    /// - Returns: `given` when it is held (or the home holds nothing, or `mayAdd`); without `given`, the recorded
    ///   network, else the one network the home holds, else `main` for a home that holds none.
    /// - Throws: ``HomeNetworkError/notHeld(_:held:)`` for a given network the home holds nothing for;
    ///   ``HomeNetworkError/ambiguous(held:)`` when nothing is given, nothing recorded and several are held.
    public func resolve(given: Network?, mayAdd: Bool) throws(HomeNetworkError) -> Network {
        if let given {
            if mayAdd || held.isEmpty || held.contains(given) { return given }
            throw .notHeld(given, held: held)
        }
        if let recorded { return recorded }
        if held.count == 1 { return held[0] }
        if held.isEmpty { return .main }
        throw .ambiguous(held: held)
    }

    /// The network a command runs on when the home also holds the networks `alsoHeld` returns (the signer's: its
    /// wallets' networks), as ``resolve(given:mayAdd:)`` over the union. `alsoHeld` is called only when the header
    /// files alone do not settle the answer (a given network without its header file, or no given and no recorded
    /// network), so a command on a network the home has a header file of reads nothing more.
    ///
    /// - Throws: as ``resolve(given:mayAdd:)``, naming the networks of the union.
    public func resolve(
        given: Network?, mayAdd: Bool, alsoHeld: () -> [Network]
    ) throws(HomeNetworkError) -> Network {
        if let given, mayAdd || held.contains(given) { return given }
        if given == nil, let recorded { return recorded }
        return try holding(alsoHeld()).resolve(given: given, mayAdd: mayAdd)
    }

    /// This home's value also holding `networks` (in ``Network/allCases`` order).
    public func holding(_ networks: [Network]) -> HomeNetworks {
        HomeNetworks(
            recorded: recorded, held: Network.allCases.filter { held.contains($0) || networks.contains($0) },
            homeExists: homeExists)
    }

    /// Records `network` as the home's network unless one is recorded already (an existing record is kept: the
    /// first `init` decides).
    ///
    /// - Throws: ``Errno`` when the record cannot be written (`<home>/network` is then untouched).
    public static func record(_ network: Network, home: String) throws(Errno) {
        let path = home + "/" + fileName
        guard recordedNetwork(path) == nil else { return }
        try FileWriter.replaceAtomically(
            path, contents: Array((network.rawValue + "\n").utf8), permissions: .ownerReadWrite)
    }

    /// The network written in the record at `path`, or nil.
    private static func recordedNetwork(_ path: String) -> Network? {
        guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: .noFollow) else { return nil }
        defer { descriptor.closeIgnoringErrors() }
        guard let bytes = try? descriptor.readAllBytes(), bytes.count <= 16 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return Network(rawValue: text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
