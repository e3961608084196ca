public import HFSystem
public import HFStore

/// The exit codes and stable `--json` codes of the home's own failures, shared by both programs' tables.
extension HomeDirectoryError {
    /// 64 without any location, 74 for a system failure, else 77 (the home is not private).
    public var exitStatus: ExitStatus {
        switch self {
        case .noLocation: .usage
        case .system: .ioError
        default: .noPermission
        }
    }

    public var code: String {
        switch self {
        case .noLocation: "noHomeLocation"
        case .system: "homeUnusable"
        default: "homeNotPrivate"
        }
    }
}

extension HeaderStoreError {
    /// 75 while another process holds the store, else 74.
    public var exitStatus: ExitStatus {
        if case .busy = self { return .tryAgain }
        return .ioError
    }

    public var code: String {
        if case .busy = self { return "headerStoreBusy" }
        return "headerStore"
    }
}

extension HomeLockError {
    /// 75 while another command holds the home, else 74.
    public var exitStatus: ExitStatus {
        if case .busy = self { return .tryAgain }
        return .ioError
    }

    public var code: String {
        if case .busy = self { return "homeInUse" }
        return "homeLock"
    }
}
