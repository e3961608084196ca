import HFBundles
import HFPrimitives
import HFWallet

/// `createAction` as the signer builds it: the application's outputs (any locking script, as hex, with its
/// satoshis) paid from the wallet's own confirmed coins, change to fresh change addresses, exactly as `send` pays
/// them (coin selection, the full review, the spending policy, kept as pending), the application's outputs first and
/// in their order. hf-airgap spends only its own coins: an action with `inputs` is refused; its `options` and
/// `labels` are checked as ``ActionOptions`` says.
enum WalletCallAction {
    /// The most outputs one action may ask for.
    static let maxOutputs = 100

    /// The payment `arguments` ask for.
    static func outputs(_ arguments: WalletCallArguments) throws(WalletCallRefusal) -> [PaymentOutput] {
        guard case .string(let description)? = arguments.values["description"], (1...2000).contains(description.utf8.count)
        else { throw .invalidParameter("description", "a string of 1 to 2000 bytes") }
        do { _ = try ActionOptions(arguments: arguments.values) } catch {
            switch error {
            case .invalid(let parameter, let requirement): throw .invalidParameter(parameter, requirement)
            case .notOffered(let reason): throw .notOffered(reason)
            }
        }
        if let inputs = arguments.values["inputs"], inputs != .array([]) {
            throw .notOffered(
                "hf-airgap spends only the wallet's own coins: an action with inputs (and its inputBEEF) is not signed")
        }
        guard case .array(let items)? = arguments.values["outputs"], (1...maxOutputs).contains(items.count) else {
            throw .invalidParameter("outputs", "an array of 1 to \(maxOutputs) outputs")
        }
        var outputs: [PaymentOutput] = []
        for (index, item) in items.enumerated() {
            guard case .object(let output) = item, case .string(let hex)? = output["lockingScript"],
                let script = try? Script(hex: hex), !script.bytes.isEmpty
            else { throw .invalidParameter("outputs[\(index)].lockingScript", "a locking script in hex") }
            guard case .number(let number)? = output["satoshis"], !number.isNegative,
                number.magnitude <= 2_100_000_000_000_000
            else { throw .invalidParameter("outputs[\(index)].satoshis", "a whole number of satoshis") }
            outputs.append(.script(script, satoshis: number.magnitude))
        }
        return outputs
    }
}
