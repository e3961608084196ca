// The devnet serves its imitation of the public services through HFHTTPServer; its users (hf-devnet, the tests,
// the fuzz target) see the server's types through HFDevnet as before the server moved into its own module.
@_exported public import HFHTTPServer
