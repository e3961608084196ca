import HFSystem
import Testing

/// The crash line `CrashHygiene` prepares for each signal (the handlers themselves run in the programs: see
/// SignerCLITests/Security/CrashHygieneTests and LoopTests/WatcherCrashHygieneTests; enabling them here would
/// change how this test process itself crashes).
@Suite struct CrashHygieneMessageTests {
    @Test func theLineNamesTheProgramAndTheSignal() {
        #expect(CrashHygiene.message(program: "hf-signer", signal: .abort)
            == "hf-signer: crashed (signal 6, SIGABRT); no core is written because this program may hold keys\n")
        #expect(CrashHygiene.message(program: "hf-watcher", signal: .segmentationFault)
            == "hf-watcher: crashed (signal 11, SIGSEGV); no core is written because this program may hold keys\n")
    }

    @Test func everyHandledSignalHasANameAndFitsItsSlot() {
        #expect(CrashHygiene.fatalSignals.count == 7)
        for signal in CrashHygiene.fatalSignals {
            let line = CrashHygiene.message(program: "hf-watcher", signal: signal)
            #expect(line.contains(", SIG"), "\(line)")
            #expect(line.utf8.count < 256)
        }
    }
}
