/// The one version of the toolkit: `hf-signer`, `hf-watcher` and `hf-devnet` print it for `--version`, and `make
/// dist` names its tarball after it. Change it here only.
public enum ToolkitVersion {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
