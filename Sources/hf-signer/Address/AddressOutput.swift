import HFCommandLine
import HFCrypto
import HFPrimitives
import HFWallet

/// Addresses as `keys derive` prints them.
enum AddressOutput {
    static func print(_ entries: [DerivedAddress], context: CommandContext, single: Bool = false) throws(CommandError) {
        if context.globals.json {
            let objects = entries.map(Derive.Entry.init)
            if single, let first = objects.first { try Output.json(first) } else { try Output.json(objects) }
        } else {
            for entry in entries { Output.result("\(entry.reference)\t\(entry.address.string)") }
        }
    }
}
