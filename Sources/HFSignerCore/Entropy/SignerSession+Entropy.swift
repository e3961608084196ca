extension SignerSession {
    /// The session's generator after its health tests passed on fresh output (``KeyEntropy``): call it before
    /// anything the command would change, and draw every new key from it.
    /// - Throws: `SignerError.generatorSelfTest` (exit 70) naming the first failed test.
    public func keyEntropy() throws(SignerError) -> KeyEntropy { try KeyEntropy.checked(source: randomSource) }
}
