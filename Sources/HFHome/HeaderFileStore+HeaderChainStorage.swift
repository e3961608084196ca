public import HFSPV
import HFStore

/// The header file store is the storage of every header chain a home opens: the only conformance, so that both
/// programs (and one binary linking both cores) share it.
extension HeaderFileStore: HeaderChainStorage {}
