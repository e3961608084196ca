import HFPrimitives

extension WalletLabel {
    /// The label as the JSON object backups, wallet files and BIP-329 lines write:
    /// `{"label":"…","ref":"…","type":"…"}`.
    public var jsonValue: JSONValue {
        .object(["type": .string(kind.rawValue), "ref": .string(ref), "label": .string(label)])
    }

    /// Reads `{"label","ref","type"}` (exactly these members) of a wallet on `network`.
    /// - Throws: the field errors, `.invalidValue` (path `type`), or those of `init(kind:ref:label:network:)`,
    ///   under `field`'s path.
    static func decode(_ field: JSONField, network: Network) throws(BundleError) -> WalletLabel {
        var reader = try field.object()
        let kind = try reader.field("type").oneOf(Kind.self)
        let ref = try reader.field("ref").string()
        let label = try reader.field("label").string()
        try reader.finish()
        do { return try WalletLabel(kind: kind, ref: ref, label: label, network: network) } catch {
            throw error.rebased(onto: field.path)
        }
    }

    /// Reads an array of at most `BundleLimits.walletLabelCount` labels, each (kind, reference) once.
    /// - Throws: the errors of `decode(_:network:)`, `.countOutOfRange`, or `.duplicateEntry` for a reference
    ///   labelled twice.
    static func decodeList(_ field: JSONField, network: Network) throws(BundleError) -> [WalletLabel] {
        var labels: [WalletLabel] = []
        for element in try field.array(count: BundleLimits.walletLabelCount) {
            labels.append(try decode(element, network: network))
        }
        try checkUnique(labels, path: field.path.text)
        return labels
    }

    /// Checks a wallet's list of labels built in code: at most `BundleLimits.walletLabelCount`, address labels on
    /// `network`, each (kind, reference) once.
    /// - Throws: `.countOutOfRange` (path `labels`), `.invalidAddress` (an address of another network), or
    ///   `.duplicateEntry` (path `labels[i]`).
    static func checkList(_ labels: [WalletLabel], network: Network) throws(BundleError) {
        guard BundleLimits.walletLabelCount.contains(labels.count) else {
            throw .countOutOfRange(path: "labels", count: labels.count, allowed: BundleLimits.walletLabelCount)
        }
        for (index, label) in labels.enumerated() where label.kind == .addr {
            do { _ = try Address(string: label.ref, network: network) } catch {
                throw .invalidAddress(path: "labels[\(index)].ref", error)
            }
        }
        try checkUnique(labels, path: "labels")
    }

    /// Checks that no (kind, reference) is labelled twice.
    /// - Throws: `.duplicateEntry` (path `path[i]` of the second).
    static func checkUnique(_ labels: [WalletLabel], path: String) throws(BundleError) {
        var seen: Set<String> = []
        for (index, label) in labels.enumerated() where !seen.insert(label.kind.rawValue + " " + label.ref).inserted {
            throw .duplicateEntry(path: "\(path)[\(index)]")
        }
    }
}
