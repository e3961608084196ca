// HFWallet
