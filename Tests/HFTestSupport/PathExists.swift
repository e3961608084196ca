#if canImport(Glibc)
    import Glibc
#endif

/// Whether anything is at `path`, a dangling symbolic link included (`lstat`, unlike `FileManager.fileExists`):
/// what "nothing was left behind" is checked with.
public func somethingExists(at path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
}
