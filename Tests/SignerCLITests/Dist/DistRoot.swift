import Foundation
import HFTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal root directory for `chroot`: the unpacked `make dist` tarball and the glibc files that `ldd` names for
/// its `hf-signer`, nothing else (no shell, no /usr, no /dev), plus the kernel's /proc once ``mountProc()`` ran.
///
/// /proc is the one thing every real machine has that a bare root lacks, and the signer needs it: glibc's loader
/// expands the rpath `$ORIGIN` from `/proc/self/exe`, so without it `lib/libqrencode.so.4` is not found.
///
/// The tarball is unpacked at the root's top (`/hf-airgap-VERSION-linux-ARCH/…`); the glibc files are copied (their
/// contents, not symbolic links) to the paths `ldd` prints, so the dynamic loader finds them at its default places.
final class DistRoot {
    /// One line of `ldd`: a library's name and the file it resolves to (nil for "not found").
    struct Dependency: Equatable, CustomStringConvertible {
        let name: String
        let path: String?
        var description: String { "\(name) => \(path ?? "not found")" }
    }

    /// glibc's own libraries: the only ones the portable signer may take from the offline machine.
    static let glibc: Set<String> = [
        "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1",
        "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
    ]

    /// The tarball `make dist-check` names in `HF_DIST_TARBALL`, or nil (DistTests are then skipped).
    static var tarball: String? {
        ProcessInfo.processInfo.environment["HF_DIST_TARBALL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private let directory: TemporaryDirectory
    /// The root directory.
    var path: String { directory.url.path }
    /// The tarball's top directory name, `hf-airgap-VERSION-linux-ARCH`.
    let name: String
    /// The unpacked tree as seen from outside the root.
    var tree: String { path + "/" + name }
    /// The signer's path inside the root.
    var signer: String { "/" + name + "/bin/hf-signer" }

    /// Unpacks `tarball` into a new root.
    init(tarball: String) throws {
        directory = try TemporaryDirectory()
        try Self.chmod(directory.url.path, 0o755)
        let untar = try Subprocess(path: "/bin/tar", arguments: ["-xzf", tarball, "-C", directory.url.path]).finish()
        try #require(untar.status == 0, "tar -xzf \(tarball): \(untar.stderr)")
        let top = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        try #require(top.count == 1, "the tarball holds one top directory, not \(top)")
        name = top[0]
        try #require(URL(fileURLWithPath: tarball).lastPathComponent == name + ".tar.gz")
    }

    /// Whether ``mountProc()`` mounted /proc (unmounted again in `deinit`, before the directory is removed).
    private var procMounted = false

    deinit {
        if procMounted { _ = try? Subprocess(path: "/bin/umount", arguments: ["-l", path + "/proc"]).finish() }
    }

    /// Mounts the kernel's proc file system at /proc inside the root, as on any running Linux machine.
    func mountProc() throws {
        try FileManager.default.createDirectory(atPath: path + "/proc", withIntermediateDirectories: false)
        let mount = try Subprocess(path: "/bin/mount", arguments: ["-t", "proc", "proc", path + "/proc"]).finish()
        try #require(mount.status == 0, "mount -t proc: \(mount.stderr)")
        procMounted = true
    }

    /// What `ldd` says the file at `relativePath` in the tree loads (the kernel's vDSO left out).
    func dependencies(of relativePath: String) throws -> [Dependency] {
        let ldd = try Subprocess(path: "/usr/bin/ldd", arguments: [tree + "/" + relativePath]).finish()
        try #require(ldd.status == 0, "ldd \(relativePath): \(ldd.stderr)")
        return ldd.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = fields.first, !first.hasPrefix("linux-vdso") else { return nil }
            if fields.count >= 3, fields[1] == "=>" {
                return Dependency(name: first, path: fields[2].hasPrefix("/") ? Self.normalized(fields[2]) : nil)
            }
            // The dynamic loader: "/lib64/ld-linux-x86-64.so.2 (0x…)".
            return Dependency(name: URL(fileURLWithPath: first).lastPathComponent, path: first)
        }
    }

    /// `path` with `.` and `..` resolved textually (ldd prints `$ORIGIN/../lib` paths as `…/bin/../lib/…`).
    private static func normalized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Whether `dependency` resolves to a file inside the unpacked tarball.
    func isInTarball(_ dependency: Dependency) -> Bool { dependency.path?.hasPrefix(tree + "/") ?? false }

    /// Copies the contents of each host file to the same path inside the root (mode 0755).
    func install(hostFiles: [String]) throws {
        for file in hostFiles {
            let target = URL(fileURLWithPath: path + file)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            try Data(contentsOf: URL(fileURLWithPath: file).resolvingSymlinksInPath()).write(to: target)
            try Self.chmod(target.path, 0o755)
        }
    }

    /// Writes `bytes` to `/work/name` inside the root (mode 0600) and returns its path as seen inside.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(
            atPath: path + "/work", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(bytes).write(to: URL(fileURLWithPath: path + "/work/" + name))
        try Self.chmod(path + "/work/" + name, 0o600)
        return "/work/" + name
    }

    /// Copies the directory `source` (outside) to `/work/name` inside the root and returns its inside path.
    func copy(directory source: String, as name: String) throws -> String {
        try write(".keep", [])
        try FileManager.default.copyItem(atPath: source, toPath: path + "/work/" + name)
        return "/work/" + name
    }

    /// The bytes of a file inside the root, by its inside path.
    func contents(_ insidePath: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + insidePath).map { [UInt8]($0) }
    }

    /// Runs the tarball's `hf-signer` with `arguments` under `chroot` into the root, with an empty environment.
    func runSigner(_ arguments: [String], stdin: [UInt8] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        try Subprocess(path: "/usr/sbin/chroot", arguments: [path, signer] + arguments, environment: [:], stdin: stdin)
            .finish()
    }

    private static func chmod(_ path: String, _ mode: mode_t) throws {
        try #require(Glibc.chmod(path, mode) == 0, "chmod \(path)")
    }
}
