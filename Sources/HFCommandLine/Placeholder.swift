// HFCommandLine
