@testable import Constraints
import Testing

/// The read stamps that tell repeated reads apart once a run's reads diverge from its previous
/// ones: internal state, so this suite looks inside the graph.
@Suite struct ReadStampTests {
    /// A run whose reads match its previous ones takes no stamp; one whose reads diverge does.
    @Test func onlyDivergingRunsTakeStamps() {
        let graph = Graph()
        let flag = graph.input(true, name: "flag")
        let a = graph.input(1, name: "a")
        let b = graph.input(2, name: "b")
        let r = graph.rule(name: "r") { flag.value ? a.value : b.value }
        #expect(r.value == 1)
        let afterFirstRun = graph.lastStamp
        a.value = 5
        #expect(r.value == 5)
        #expect(graph.lastStamp == afterFirstRun, "same reads as last time")
        flag.value = false
        #expect(r.value == 2)
        #expect(graph.lastStamp > afterFirstRun, "the reads diverged")
    }

    /// Past half their range, stamps restart from zero when the outermost evaluation ends, and
    /// recording goes on correctly across the restart.
    @Test func stampsRestartLongBeforeTheyWrap() {
        let graph = Graph(recordsNodeStatistics: true)
        let flag = graph.input(true, name: "flag")
        let a = graph.input(1, name: "a")
        let b = graph.input(2, name: "b")
        let r = graph.rule(name: "r") { flag.value ? a.value + a.value : b.value + b.value }
        #expect(r.value == 2)
        graph.lastStamp = UInt32.max / 2
        flag.value = false
        #expect(r.value == 4)
        #expect(graph.lastStamp == 0)
        #expect(graph.recordedInputs(of: r) == [flag.id.index, b.id.index])
        flag.value = true
        #expect(r.value == 2)
        #expect(graph.recordedInputs(of: r) == [flag.id.index, a.id.index])
        #expect(graph.statistics(of: r)?.edgesAdded == 4)
        #expect(graph.statistics(of: r)?.edgesRemoved == 2)
    }
}
