import Foundation
import HFCommandLine
import HFTestSupport
import Testing

/// docs/design.md §2: `hf-signer` links no networking code.
@Suite struct SignerLinkageTests {
    /// Libraries hf-signer must not load; zbar is linked statically without its D-Bus, X11 and video parts
    /// (Sources/CZBar/dbus_stubs.c). DistTests checks the `make dist` binary against the same list.
    static let forbiddenLibraries = [
        "FoundationNetworking", "libcurl", "libnghttp", "libssh", "libdbus", "libX11", "libxcb", "libsystemd", "libv4l",
        "libzbar",
    ]

    @Test func signerLinksNoNetworkingLibrary() throws {
        let (status, output, _) = try Subprocess(path: "/usr/bin/ldd", arguments: [BuiltTool("hf-signer").url.path]).finish()
        #expect(status == 0)
        #expect(output.contains("libsecp256k1"), "sanity: ldd lists the real dependencies")
        for forbidden in Self.forbiddenLibraries {
            #expect(!output.contains(forbidden), "hf-signer links \(forbidden)")
        }
    }

    @Test func versionAndHelp() throws {
        let signer = BuiltTool("hf-signer")
        let version = try signer.run(["--version"])
        #expect(version.exitCode == 0)
        #expect(version.stdout == ToolkitVersion.current + "\n")
        let help = try signer.run(["help", "keys"])
        #expect(help.exitCode == 0)
        for word in ["generate-mnemonic", "derive", "identity"] { #expect(help.stdout.contains(word)) }
    }
}
