/// Renders help text in the swift-argument-parser layout: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`,
/// `SUBCOMMANDS:`, ending with "See '<tool> help <subcommand>' for detailed help." when there are subcommands.
///
/// `tool help sub`, `tool sub -h` and `tool sub --help` all print exactly this text.
public enum HelpFormatter {
    /// Width of the label column, including the two-space indent.
    static let labelWidth = 26

    /// The full help text of `command`, reached through `path` (root name first), ending with a newline.
    public static func help(for command: any Command.Type, path: [String], globals: [GlobalOption]) -> String {
        var sections: [String] = []
        var overview = "OVERVIEW: \(command.abstract)"
        if let discussion = command.discussion, !discussion.isEmpty { overview += "\n\n" + discussion }
        sections.append(overview)
        sections.append("USAGE: \(usageLine(for: command, path: path))")

        if !command.arguments.isEmpty {
            sections.append(section("ARGUMENTS:", command.arguments.map { ("<\($0.label)>", $0.help) }))
        }

        var options = command.options.map { ($0.label, $0.help) }
        for global in globals {
            var help = global.help
            if let defaultValue = global.defaultValue { help += " (default: \(defaultValue))" }
            options.append((global.name + (global.valueName.map { " <\($0)>" } ?? ""), help))
        }
        options.append(("--version", "Show the version."))
        options.append(("-h, --help", "Show help information."))
        sections.append(section("OPTIONS:", options))

        if !command.subcommands.isEmpty {
            var text = section("SUBCOMMANDS:", command.subcommands.map { ($0.name, $0.abstract) })
            let helpPath = ([path[0], "help"] + path.dropFirst()).joined(separator: " ")
            text += "\n\n  See '\(helpPath) <subcommand>' for detailed help."
            sections.append(text)
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage line without the `USAGE:` prefix: `hf-signer keys generate-mnemonic [--out <file>] <label>`, or
    /// `hf-signer keys <subcommand>` for a parent.
    public static func usageLine(for command: any Command.Type, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        parts += command.options.map(\.usage)
        if command.subcommands.isEmpty {
            parts += command.arguments.map(\.usage)
        } else {
            parts.append("<subcommand>")
        }
        return parts.joined(separator: " ")
    }

    private static func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        ([title] + rows.map { row(label: $0.label, help: $0.help) }).joined(separator: "\n")
    }

    private static func row(label: String, help: String) -> String {
        let indented = "  " + label
        if indented.count + 1 > labelWidth {
            return indented + "\n" + String(repeating: " ", count: labelWidth) + help
        }
        return indented + String(repeating: " ", count: labelWidth - indented.count) + help
    }
}
