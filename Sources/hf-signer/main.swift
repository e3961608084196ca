import HFCommandLine

/// hf-signer: the offline half of hf-airgap. See `hf-signer --help` and man/hf-signer.1.
SignerCommand.main(version: SignerCommand.version)
