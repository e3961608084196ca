/// Shell completion scripts generated from a tool's command declarations (issue 28): the subcommands of each
/// command, its options and the global options, a file name after an option that takes one, and the networks after
/// `--network`. Nothing is listed by hand, so a new command or option completes as soon as it is declared.
public enum CompletionScript {
    /// The shells a script is written for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// One command of the tree: its path from the root (`hf-signer/wallet/create`), its subcommands' names and its
    /// option spellings.
    struct Node {
        let path: String
        let subcommands: [String]
        let options: [String]
    }

    /// The script for `shell` completing `root`'s tree with `globals`.
    public static func script(for root: any Command.Type, shell: Shell, globals: [GlobalOption]) -> String {
        let nodes = tree(root, path: root.name)
        let globalNames = globals.map(\.name) + ["--help", "--version"]
        var valued = globals.filter { !$0.isFlag }.map(\.name)
        collectValued(root, into: &valued)
        let choices = globals.compactMap { option in option.allowedValues.map { (option.name, $0) } }
        switch shell {
        case .bash: return bash(root.name, nodes, globals: globalNames, valued: unique(valued), choices: choices)
        case .zsh:
            return "#compdef \(root.name)\n# zsh runs the bash completion through bashcompinit.\n"
                + "autoload -U +X bashcompinit && bashcompinit\n"
                + bash(root.name, nodes, globals: globalNames, valued: unique(valued), choices: choices)
        case .fish: return fish(root.name, nodes, globals: globals, valued: unique(valued))
        }
    }

    /// Every command of the tree below (and with) `command`, depth first.
    static func tree(_ command: any Command.Type, path: String) -> [Node] {
        let node = Node(
            path: path, subcommands: command.subcommands.map { $0.name }, options: command.options.flatMap { $0.names })
        return [node] + command.subcommands.flatMap { tree($0, path: path + "/" + $0.name) }
    }

    /// The spellings of every option in the tree that takes a value.
    static func collectValued(_ command: any Command.Type, into names: inout [String]) {
        names += command.options.filter { $0.valueName != nil }.flatMap(\.names)
        for subcommand in command.subcommands { collectValued(subcommand, into: &names) }
    }

    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }.sorted()
    }

    /// The shell function's name: `_hf_signer` for `hf-signer`.
    static func functionName(_ tool: String) -> String {
        "_" + tool.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    static func bash(
        _ tool: String, _ nodes: [Node], globals: [String], valued: [String], choices: [(String, [String])]
    ) -> String {
        let function = functionName(tool)
        var lines = [
            "# bash completion for \(tool), generated from its command declarations: `\(tool) completion bash`.",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" path=\(tool) i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"$path/${COMP_WORDS[i]}\" in",
        ]
        let paths = nodes.dropFirst().map(\.path)
        if !paths.isEmpty { lines.append("            " + paths.joined(separator: "|") + ") path=\"$path/${COMP_WORDS[i]}\" ;;") }
        lines += ["        esac", "    done", "    case \"$prev\" in"]
        for (option, values) in choices {
            lines.append("        \(option)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;")
        }
        let files = valued.filter { option in !choices.contains { $0.0 == option } }
        if !files.isEmpty {
            lines.append("        " + files.joined(separator: "|") + ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
        }
        lines += ["    esac", "    local words", "    case \"$path\" in"]
        for node in nodes {
            let words = node.subcommands + node.options + globals
            lines.append("        \(node.path)) words=\"\(words.joined(separator: " "))\" ;;")
        }
        lines += [
            "    esac",
            "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
            "    [ ${#COMPREPLY[@]} -eq 0 ] && COMPREPLY=($(compgen -f -- \"$cur\"))",
            "    return 0",
            "}",
            "complete -F \(function) \(tool)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func fish(_ tool: String, _ nodes: [Node], globals: [GlobalOption], valued: [String]) -> String {
        let function = "_\(functionName(tool))_path"
        var lines = [
            "# fish completion for \(tool), generated from its command declarations: `\(tool) completion fish`.",
            "function \(function)",
            "    set -l path \(tool)",
            "    for word in (commandline -opc)[2..-1]",
            "        switch \"$path/$word\"",
        ]
        let paths = nodes.dropFirst().map { "'\($0.path)'" }
        if !paths.isEmpty {
            lines += ["            case " + paths.joined(separator: " "), "                set path \"$path/$word\""]
        }
        lines += ["        end", "    end", "    echo $path", "end", "complete -c \(tool) -f"]
        for global in globals {
            let long = String(global.name.dropFirst(2))
            var line = "complete -c \(tool) -l \(long)"
            if let values = global.allowedValues { line += " -x -a '\(values.joined(separator: " "))'" } else if !global.isFlag {
                line += " -r -F"
            }
            lines.append(line)
        }
        for node in nodes {
            let condition = "-n 'test (\(function)) = \(node.path)'"
            if !node.subcommands.isEmpty {
                lines.append("complete -c \(tool) \(condition) -a '\(node.subcommands.joined(separator: " "))'")
            }
            for option in node.options where option.hasPrefix("--") {
                lines.append(
                    "complete -c \(tool) \(condition) -l \(option.dropFirst(2))" + (valued.contains(option) ? " -r -F" : ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
