/// Classification of single command-line words, shared by the global and command parsers.
enum ArgumentToken {
    /// True for words that look like options: `-x`, `--name`, `--name=value`. `-` alone and `--` are not options.
    static func isOption(_ token: String) -> Bool {
        token.hasPrefix("-") && token.count > 1 && token != "--"
    }

    /// True when `token` may be taken as the value of the option before it in the two-word form.
    static func canBeValue(_ token: String) -> Bool {
        !isOption(token) && token != "--"
    }

    /// Splits `--name=value` into `("--name", "value")`; other words come back unchanged with a nil value.
    static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }
}
