// swift-tools-version:6.2
//
// hf-airgap: an air-gap toolkit for Bitcoin SV wallets. See ARCHITECTURE.md and docs/design.md §2 for the module
// boundaries this manifest enforces: HFWallet and HFSPV never import each other, only HFCrypto calls the crypto C
// libraries, and hf-signer links no networking code.

import PackageDescription

/// Settings every Swift target shares: Swift 6 mode is set package-wide; warnings are errors.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A library target under `Sources/<name>` with the shared settings.
func library(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, swiftSettings: strict)
}

/// A Swift Testing target under `Tests/<name>` with the shared settings.
func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies + ["HFTestSupport"], swiftSettings: strict)
}

let package = Package(
    name: "hf-airgap",
    products: [
        .executable(name: "hf-signer", targets: ["hf-signer"]),
        .executable(name: "hf-watcher", targets: ["hf-watcher"]),
        .executable(name: "hf-devnet", targets: ["hf-devnet"]),
        .executable(name: "hf-bench", targets: ["hf-bench"]),
        // Libraries exported for the nested fuzz package (Fuzz/Package.swift) only.
        .library(name: "HFPrimitives", targets: ["HFPrimitives"]),
        .library(name: "HFProtocols", targets: ["HFProtocols"]),
        .library(name: "HFWallet", targets: ["HFWallet"]),
        .library(name: "HFBundles", targets: ["HFBundles"]),
        .library(name: "HFQR", targets: ["HFQR"]),
        .library(name: "HFMigration", targets: ["HFMigration"]),
        .library(name: "HFNetwork", targets: ["HFNetwork"]),
        .library(name: "HFDevnet", targets: ["HFDevnet"]),
        .library(name: "HFHTTPServer", targets: ["HFHTTPServer"]),
    ],
    targets: [
        // MARK: - System libraries (module maps only)
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // libzbar.a, not the shared library: only the image scanner is linked (no X11, video or D-Bus; see dbus_stubs.c).
        .target(name: "CZBar", linkerSettings: [.linkedLibrary(":libzbar.a")]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The C library calls Swift cannot import (variadic `prctl`), for HFSystem's platform file only.
        .target(name: "CSystemShims"),

        // MARK: - Libraries
        // The one funnel for system calls (descriptors, Errno, locks, the create-new and atomic-replace writers).
        library("HFSystem", ["CSystemShims"]),
        library("HFCrypto", ["CSecp256k1", "COpenSSL"]),
        library("HFPrimitives", ["HFCrypto"]),
        // Protocols both programs parse (`hfauth:` requests, paymail addresses), kept out of the consensus data.
        library("HFProtocols", ["HFPrimitives", "HFCrypto"]),
        library("HFWallet", ["HFPrimitives", "HFCrypto"]),
        library("HFSPV", ["HFPrimitives"]),
        library("HFBundles", ["HFProtocols", "HFPrimitives", "HFCrypto"]),
        library("HFStore", ["CSQLite", "HFSystem", "HFPrimitives", "HFCrypto"]),
        // The only module that calls libqrencode, zbar, libpng and zlib; it knows no bundle formats (docs/design.md §9).
        library("HFQR", ["CQREncode", "CZBar", "CPNG", "CZlib", "HFCrypto", "HFSystem"]),
        // The small HTTP/1.1 server on 127.0.0.1 (the devnet's services, the watcher's BRC-100 wallet API).
        library("HFHTTPServer", ["HFSystem"]),
        library("HFDevnet", ["HFHTTPServer", "HFWallet", "HFSPV", "HFProtocols", "HFPrimitives", "HFCrypto", "HFSystem"]),
        // The only module that links networking code (FoundationNetworking); hf-signer must never depend on it.
        library("HFNetwork", ["HFProtocols", "HFPrimitives"]),
        library("HFCommandLine", ["HFSystem"]),
        // The application home both programs open: directory policy, database, migrations, header chains, the lock.
        library("HFHome", ["HFStore", "HFSPV", "HFPrimitives", "HFSystem"]),
        library("HFWatcherCore", [
            "HFHome", "HFSPV", "HFBundles", "HFStore", "HFNetwork", "HFProtocols", "HFPrimitives", "HFCrypto",
            "HFSystem", "HFWallet",
        ]),
        library("HFMigration", ["HFStore", "HFWallet", "HFPrimitives", "HFCrypto", "HFSystem"]),
        library(
            "HFSignerCore",
            [
                "HFHome", "HFWallet", "HFSPV", "HFBundles", "HFStore", "HFProtocols", "HFPrimitives", "HFCrypto",
                "HFMigration", "HFSystem",
            ]),
        // The `qr encode|show|decode` commands both executables register (no home, no networking).
        library("HFQRCommands", ["HFQR", "HFBundles", "HFCommandLine", "HFPrimitives", "HFCrypto", "HFSystem"]),

        // MARK: - Executables
        .executableTarget(
            name: "hf-signer",
            // The signer calls its session (HFSignerCore) and prints: no store, no migration library (issue 13).
            dependencies: [
                "HFSignerCore", "HFWallet", "HFSPV", "HFBundles", "HFProtocols", "HFPrimitives", "HFCrypto",
                "HFCommandLine", "HFQRCommands", "HFQR",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "hf-devnet",
            dependencies: ["HFDevnet", "HFCommandLine", "HFPrimitives", "HFNetwork"],
            swiftSettings: strict),
        .executableTarget(
            name: "hf-watcher",
            dependencies: ["HFWatcherCore", "HFBundles", "HFSPV", "HFProtocols", "HFPrimitives", "HFWallet", "HFCommandLine",
                           "HFQRCommands", "HFHTTPServer"],
            swiftSettings: strict),
        .executableTarget(
            name: "hf-bench",
            dependencies: [
                "HFHome", "HFStore", "HFWallet", "HFSPV", "HFBundles", "HFQR", "HFPrimitives", "HFCrypto",
                "HFWatcherCore", "HFSignerCore", "HFQRCommands", "HFNetwork", "HFSystem",
            ],
            swiftSettings: strict),

        // MARK: - Tests
        // The child process HFStoreTests SIGKILLs at random moments to prove the header store's crash safety.
        .executableTarget(
            name: "hf-store-crashtest", dependencies: ["HFStore"], path: "Tests/hf-store-crashtest",
            swiftSettings: strict),
        .target(name: "HFTestSupport", path: "Tests/HFTestSupport", swiftSettings: strict),
        .target(
            name: "RegtestFixtures", dependencies: ["HFBundles", "HFSPV", "HFPrimitives", "HFCrypto"],
            path: "Tests/RegtestFixtures", swiftSettings: strict),
        tests("HFCryptoTests", ["HFCrypto"]),
        tests("HFPrimitivesTests", ["HFPrimitives", "HFCrypto"]),
        tests("HFProtocolsTests", ["HFProtocols", "HFPrimitives", "HFCrypto"]),
        tests("HFSystemTests", ["HFSystem"]),
        tests("HFWalletTests", ["HFWallet", "HFPrimitives", "HFCrypto"]),
        tests("HFCommandLineTests", ["HFCommandLine"]),
        tests("HFSPVTests", ["HFSPV", "HFPrimitives"]),
        tests("HFDevnetTests", ["HFDevnet", "HFHTTPServer", "HFWallet", "HFSPV", "HFPrimitives", "HFCrypto"]),
        tests("DevnetAPITests", ["HFDevnet", "HFNetwork", "HFPrimitives", "HFWallet", "HFCrypto", "HFSPV"]),
        tests("DevnetCLITests", ["hf-devnet", "HFDevnet", "HFPrimitives", "HFCrypto"]),
        tests("LoopTests", [
            "hf-signer", "hf-watcher", "hf-devnet", "HFDevnet", "HFHome", "HFBundles", "HFPrimitives", "HFWallet", "HFCrypto",
        ]),
        tests("HFNetworkTests", ["HFNetwork", "HFDevnet", "HFProtocols", "HFPrimitives"]),
        tests("HFBundlesTests", ["HFBundles", "HFProtocols", "HFPrimitives", "HFCrypto"]),
        tests("HFQRTests", ["HFQR", "HFBundles", "HFCrypto", "QRFixtures"]),
        // One bundle of each kind, shared by HFQRTests and QRCLITests.
        .target(
            name: "QRFixtures", dependencies: ["HFQR", "HFQRCommands", "HFBundles", "HFPrimitives", "HFCrypto", "HFTestSupport"],
            path: "Tests/QRFixtures", swiftSettings: strict),
        tests("HFHomeTests", ["HFHome", "HFStore", "HFSPV", "HFPrimitives"]),
        tests("HFStoreTests", ["HFStore", "HFSystem", "HFCrypto", "HFPrimitives", "hf-store-crashtest"]),
        tests("SystemLibraryTests", ["CQREncode", "CZBar", "CPNG", "CSQLite", "CZlib"]),
        tests("HFMigrationTests", ["HFMigration", "HFStore", "HFWallet", "HFPrimitives", "HFCrypto"]),
        tests("HFSignerCoreTests", [
            "HFSignerCore", "HFHome", "HFBundles", "HFSPV", "HFStore", "HFWallet", "HFPrimitives", "HFCrypto",
            "HFCommandLine", "HFSystem", "RegtestFixtures",
        ]),
        tests(
            "HFWatcherCoreTests",
            ["HFWatcherCore", "HFStore", "HFSPV", "HFBundles", "HFDevnet", "HFWallet", "HFPrimitives", "HFCrypto",
             "HFSystem", "HFNetwork", "RegtestFixtures"]),
        tests(
            "SignerCLITests",
            ["hf-signer", "HFCommandLine", "HFBundles", "HFSPV", "HFHome", "HFStore", "HFProtocols", "HFPrimitives",
             "HFCrypto", "RegtestFixtures", "HFWallet", "QRFixtures", "HFQR"]),
        tests("QRCLITests", [
            "hf-signer", "hf-watcher", "QRFixtures", "HFQR", "HFQRCommands",
            "HFBundles", "HFProtocols", "HFPrimitives", "HFCrypto",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
