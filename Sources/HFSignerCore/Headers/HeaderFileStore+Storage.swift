import HFSPV
import HFStore

/// The signer's header file is the storage of its header chain.
extension HeaderFileStore: HeaderChainStorage {}
