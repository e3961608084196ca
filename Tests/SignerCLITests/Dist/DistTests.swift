import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFTestSupport
import HFWallet
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `make dist` tarball: its `hf-signer` runs in a root that holds only the unpacked tarball and glibc.
///
/// `make dist-check` (the last step of `make test`) builds the tarball and runs this suite with `HF_DIST_TARBALL`
/// set to it; without that variable the suite is skipped (a plain `swift test` builds no release tarball).
/// `chroot` needs root, as CI and these machines run: as another user the suite is skipped with that sentence, unless
/// `HF_REQUIRE_VECTORS=1` (CI), where it fails.
@Suite(
    .enabled(if: DistRoot.tarball != nil, "HF_DIST_TARBALL is not set: run `make dist-check` (part of `make test`)"),
    .enabled(if: getuid() == 0 || Vectors.required, "the chroot check needs root: run `make dist-check` as root to run it"))
struct DistTests {
    /// The libraries without a Debian static archive that travel in the tarball's `lib/`.
    static let shipped: Set<String> = ["libqrencode.so.4", "libstdc++.so.6", "libgcc_s.so.1"]

    func unpacked() throws -> DistRoot {
        let tarball = try #require(DistRoot.tarball)
        try #require(getuid() == 0, "chroot needs root; run make dist-check as root")
        return try DistRoot(tarball: tarball)
    }

    @Test func theChecksumsVerifyAndTheTreeHoldsBinariesLibrariesManPagesAndInstall() throws {
        let root = try unpacked()
        let beside = URL(fileURLWithPath: try #require(DistRoot.tarball)).deletingLastPathComponent().path
        for directory in [beside, root.tree] {
            let check = try Subprocess(path: "/bin/sh", arguments: ["-c", "cd \"$0\" && sha256sum -c --strict SHA256SUMS", directory]).finish()
            #expect(check.status == 0, "sha256sum -c in \(directory): \(check.stdout)\(check.stderr)")
        }
        let listed = try String(contentsOfFile: root.tree + "/SHA256SUMS", encoding: .utf8)
            .split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1)[1].drop(while: { $0 == " " || $0 == "*" })) }
        #expect(Set(listed) == Set([
            "INSTALL", "bin/hf-signer", "bin/hf-watcher", "man/man1/hf-signer.1", "man/man1/hf-watcher.1",
            "man/man5/hf-bundles.5",
        ] + Self.shipped.map { "lib/" + $0 }))
    }

    /// Nothing outside the tarball but glibc; the static archives are in the binary; the rpath finds lib/.
    @Test func theSignerLoadsOnlyGlibcFromTheMachine() throws {
        let root = try unpacked()
        let dependencies = try root.dependencies(of: "bin/hf-signer")
        #expect(dependencies.allSatisfy { $0.path != nil }, "unresolved: \(dependencies)")
        let fromMachine = dependencies.filter { !root.isInTarball($0) }
        #expect(Set(fromMachine.map(\.name)).isSubset(of: DistRoot.glibc), "from the machine: \(fromMachine)")
        #expect(fromMachine.contains { $0.name == "libc.so.6" })
        #expect(Set(dependencies.filter(root.isInTarball).map(\.name)) == Self.shipped)
        for name in dependencies.map(\.name) {
            for linkedStatically in ["libsecp256k1", "libcrypto", "libssl", "libsqlite3", "libpng", "libz.", "libswift", "libFoundation"] {
                #expect(!name.hasPrefix(linkedStatically), "\(name) should be linked statically")
            }
            for forbidden in SignerLinkageTests.forbiddenLibraries { #expect(!name.contains(forbidden)) }
        }
        let dynamic = try Subprocess(path: "/usr/bin/readelf", arguments: ["-d", root.tree + "/bin/hf-signer"]).finish()
        let runpath = dynamic.stdout.split(separator: "\n").first { $0.contains("(RUNPATH)") }
            .flatMap { $0.split(separator: "[").last?.split(separator: "]").first }
        #expect(runpath.map { $0.split(separator: ":").contains("$ORIGIN/../lib") } == true, "\(dynamic.stdout)")
        // No symbol of curl, video4linux, X11/xcb or D-Bus is imported (zbar's are stubbed: Sources/CZBar).
        let imports = try Subprocess(path: "/usr/bin/nm", arguments: ["-D", "--undefined-only", root.tree + "/bin/hf-signer"]).finish()
        #expect(imports.status == 0)
        let symbols = imports.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(symbols.contains { $0.hasPrefix("getrandom") || $0.hasPrefix("open") }, "sanity: nm lists imports")
        for prefix in ["curl_", "v4l2_", "X", "xcb_", "dbus_"] {
            #expect(!symbols.contains { $0.hasPrefix(prefix) }, "hf-signer imports \(prefix)…")
        }
        // hf-watcher shares the rpath and the shipped libraries; it may load libcurl (FoundationNetworking).
        let watcher = try root.dependencies(of: "bin/hf-watcher")
        #expect(watcher.allSatisfy { !$0.name.hasPrefix("libswift") && !$0.name.hasPrefix("libsecp256k1") })
        #expect(watcher.contains { $0.name == "libqrencode.so.4" && root.isInTarball($0) })
    }

    /// In the chroot: `--version`, `keys derive` (a BIP39 vector), `init`, `import` of real headers and `qr decode`
    /// of frames written by the normal `qr encode` outside. The root gets /proc (see `DistRoot`), nothing else.
    @Test func theSignerWorksInARootOfGlibcOnly() throws {
        guard let headers = try SignerFixtures.mainnetHeaders(),
            let bip39 = try Vectors.data("bip39/trezor.vectors.json")
        else { return }
        let root = try unpacked()
        let dependencies = try root.dependencies(of: "bin/hf-signer")
        try root.install(hostFiles: dependencies.filter { !root.isInTarball($0) }.compactMap(\.path))
        try root.mountProc()

        let version = try root.runSigner(["--version"])
        #expect(version.status == 0, "in the chroot: \(version.stderr)")
        #expect(root.name == "hf-airgap-\(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines))-linux-\(Self.machine)")

        // keys derive: BIP39 (PBKDF2 of the static libcrypto) and BIP32/secp256k1 against the vector's root xprv.
        let vectors = try #require(try JSONSerialization.jsonObject(with: bip39) as? [String: [[String]]])["english"]
        for vector in try #require(vectors).prefix(2) {
            let phrase = try root.write("phrase", Array((vector[1] + "\n").utf8))
            let passphrase = try root.write("bip39-pass", Array("TREZOR".utf8))
            let derived = try root.runSigner([
                "keys", "derive", "--mnemonic-file", phrase, "--bip39-passphrase-file", passphrase, "--scheme", "bip44",
                "--count", "2", "--json",
            ])
            #expect(derived.status == 0, "keys derive in the chroot: \(derived.stderr)")
            let master = try ExtendedKey(string: vector[3])
            let expected = try (0..<2).map { index in
                let key = try master.derived(DerivationPath("m/44'/236'/0'/0/\(index)"))
                return ["address": Address(publicKey: key.publicKey, network: .main).string,
                        "publicKey": Hex.encode(key.publicKey.compressed)]
            }
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(derived.stdout.utf8)) as? [[String: Any]])
            #expect(entries.map { ["address": $0["address"] as? String ?? "", "publicKey": $0["publicKey"] as? String ?? ""] } == expected)
        }

        // init with the store passphrase in a 0600 file; import 887001…887500; qr decode and import 887501…887600.
        let store = try root.write("store-passphrase", Array("dist store passphrase\n".utf8))
        let common = ["--home", "/work/home", "--passphrase-file", store]
        let initialized = try root.runSigner(common + ["init"])
        #expect(initialized.status == 0, "init in the chroot: \(initialized.stderr)")
        let first = try root.write("a.hfheaders", SignerFixtures.mainnetBundle(headers, from: 887_001, to: 887_500, encoding: .full80))
        let imported = try root.runSigner(common + ["import", first, "--json"])
        #expect(imported.status == 0, "import in the chroot: \(imported.stderr)")
        #expect(imported.stdout == "{\"accepted\":true,\"kind\":\"hfheaders\",\"validatedTipHeight\":887500}\n")

        let outside = try TemporaryDirectory()
        let second = try SignerFixtures.mainnetBundle(headers, from: 887_501, to: 887_600, encoding: .noPrev48)
        try Data(second).write(to: URL(fileURLWithPath: outside.path("b.hfheaders")))
        let encoded = try BuiltTool("hf-signer").run(["qr", "encode", outside.path("b.hfheaders"), "--out-dir", outside.path("frames")])
        #expect(encoded.exitCode == 0, "qr encode outside: \(encoded.stderr)")
        let frames = try root.copy(directory: outside.path("frames"), as: "frames")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + frames).count >= 2, "an animation of several frames")
        let decoded = try root.runSigner(["qr", "decode", frames, "--out", "/work/b.hfheaders"])
        #expect(decoded.status == 0, "qr decode in the chroot: \(decoded.stderr)")
        #expect(root.contents("/work/b.hfheaders") == second, "the frames restore the bundle byte for byte")
        let importedFrames = try root.runSigner(common + ["import", "/work/b.hfheaders", "--json"])
        #expect(importedFrames.stdout == "{\"accepted\":true,\"kind\":\"hfheaders\",\"validatedTipHeight\":887600}\n",
                "\(importedFrames.stderr)")
        let status = try root.runSigner(common + ["headers", "status", "--json"])
        let tip = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(tip["validatedTipHeight"] as? Int == 887_600)
        #expect(tip["validatedTipHash"] as? String == headers[887_600 - 886_001].hash.displayHex)

        // The root held nothing but the tarball, the glibc files and the test's /work.
        let top = Set(try FileManager.default.contentsOfDirectory(atPath: root.path))
        #expect(top.subtracting(["lib", "lib64", "usr", "proc", "work", root.name]).isEmpty, "root: \(top)")
    }

    /// `uname -m` of this machine, as the tarball name spells it.
    static var machine: String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
