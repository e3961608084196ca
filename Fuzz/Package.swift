// swift-tools-version:6.2
//
// libFuzzer targets, one per decoder, kept out of the root build. Build and run with `make fuzz` (Fuzz/run.sh).

import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its directory, which differs between checkouts (`main`, a CI clone, …).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "hf-airgap-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzTransaction", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzScript", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzBBQr", dependencies: [.product(name: "HFQR", package: root)]),
        .executableTarget(name: "FuzzUR", dependencies: [.product(name: "HFQR", package: root)]),
        .executableTarget(name: "FuzzAddressPackBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzSweepRequestBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzStateBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzUpdateBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzProbeBundles", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzWalletCallBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzWalletAnswerBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzEncryptedBackup", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzBackupDocument", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzWalletFileDocument", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzHeadersBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzJSON", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzReceiptBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzTransactionBundle", dependencies: [.product(name: "HFBundles", package: root)]),
        .executableTarget(name: "FuzzBlockHeader", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzMerklePath", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzBEEF", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzTSCProofBinary", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzTSCProofJSON", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzAddress", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzBase58Check", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzCompactSize", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzExtendedKey", dependencies: [.product(name: "HFWallet", package: root), .product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzHex", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzMnemonic", dependencies: [.product(name: "HFWallet", package: root), .product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzSeedQR", dependencies: [.product(name: "HFWallet", package: root)]),
        .executableTarget(name: "FuzzWIF", dependencies: [.product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzMessages", dependencies: [.product(name: "HFWallet", package: root), .product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzPaymail", dependencies: [.product(name: "HFBundles", package: root), .product(name: "HFProtocols", package: root), .product(name: "HFPrimitives", package: root)]),
        .executableTarget(name: "FuzzKeyedArchive", dependencies: [.product(name: "HFMigration", package: root)]),
        .executableTarget(name: "FuzzDevnetHTTPRequest", dependencies: [.product(name: "HFDevnet", package: root)]),
        .executableTarget(name: "FuzzProviderResponses", dependencies: [.product(name: "HFNetwork", package: root), .product(name: "HFPrimitives", package: root)]),
    ],
    swiftLanguageModes: [.v6]
)
