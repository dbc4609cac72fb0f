import Constraints
import Testing

/// The snippet of the engine issue, compiled unchanged: external conformance suites use these names.
@Suite struct ContractSnippetTests {
    @Test func snippetCompilesAndBehaves() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        a.value = 2
        let b = graph.rule(name: "b") { a.value * 2 }
        #expect(b.value == 4)
        graph.batch { a.value = 3; a.value = 2 }
        #expect(graph.statistics.inputChanges == 1)
        var log: [Int] = []
        let e = graph.effect(name: "log") { log.append(b.value) }
        #expect(log == [4])
        graph.flush()
        #expect(log == [4])
        a.value = 5
        graph.flush()
        #expect(log == [4, 10])
        e.cancel()
        a.value = 6
        graph.flush()
        #expect(log == [4, 10])
        #expect(b.value == 12)
        #expect(graph.statistics.evaluations == 5)
    }
}
