public import HFPrimitives

/// Why a command may not run on the network named (or not named): a usage mistake (exit 64).
public enum HomeNetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--network` names a network the home holds nothing for.
    case notHeld(Network, held: [Network])
    /// No `--network`, no recorded network, and the home holds several (a home made before homes recorded one).
    case ambiguous(held: [Network])

    /// The sentence shown to the user, naming the networks the home holds.
    public var description: String {
        switch self {
        case .notHeld(let network, let held):
            "this home holds nothing for --network \(network.rawValue); it holds \(Self.list(held)): "
                + "leave out --network, or name one of those"
        case .ambiguous(let held):
            "this home holds \(Self.list(held)) and records no default network; name one with --network"
        }
    }

    /// The stable `--json` error code.
    public var code: String {
        switch self {
        case .notHeld: "networkNotHeld"
        case .ambiguous: "networkAmbiguous"
        }
    }

    private static func list(_ networks: [Network]) -> String {
        let names = networks.map(\.rawValue)
        switch names.count {
        case 0: return "no network"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }
}
