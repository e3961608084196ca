#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Posix {
    /// The names in the directory `path` (without `.` and `..`), opened with `O_NOFOLLOW` so a link is refused.
    static func directoryEntries(_ path: String) -> Result<[String], Errno> {
        let fd: Int32
        switch openFile(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW) {
        case .success(let opened): fd = opened
        case .failure(let error): return .failure(error)
        }
        guard let stream = fdopendir(fd) else {
            let error = Errno.current
            closeFile(fd)
            return .failure(error)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(.current) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Whether a process with id `pid` exists (signal 0); used to tell a crashed writer's leftovers from live ones.
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
