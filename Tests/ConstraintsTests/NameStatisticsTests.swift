import Constraints
import Testing

/// Per-name counters (``Graph/statisticsByName``): what the virtual clock's per-kind costs read.
@Suite struct NameStatisticsTests {
    @Test func evaluationsInputReadsAndCreationsAreCountedByName() {
        let graph = Graph(recordsNodeStatistics: true)
        let inputs = (0 ..< 3).map { graph.input($0, name: "cell") }
        let sums = (0 ..< 2).map { _ in graph.rule(name: "Row.sum") { inputs.reduce(0) { $0 + $1.value } } }
        let total = graph.rule { sums[0].value + sums[1].value }
        #expect(total.value == 6)
        inputs[0].value = 10
        #expect(total.value == 26)
        let byName = graph.statisticsByName
        var cell = NameStatistics()
        cell.nodesCreated = 3
        #expect(byName["cell"] == cell)
        var sum = NameStatistics()
        (sum.evaluations, sum.inputsRead, sum.nodesCreated) = (4, 12, 2)
        #expect(byName["Row.sum"] == sum)
        var unnamed = NameStatistics()
        (unnamed.evaluations, unnamed.inputsRead, unnamed.nodesCreated) = (2, 4, 1)
        #expect(byName[""] == unnamed)
    }

    @Test func resetZeroesThemAndTurningStatisticsOffEmptiesThem() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value * 2 }
        #expect(b.value == 2)
        graph.resetStatistics()
        #expect(graph.statisticsByName.isEmpty)
        a.value = 2
        #expect(b.value == 4)
        #expect(graph.statisticsByName["b"]?.evaluations == 1)
        graph.recordsNodeStatistics = false
        a.value = 3
        #expect(b.value == 6)
        #expect(graph.statisticsByName.isEmpty)
        graph.recordsNodeStatistics = true
        a.value = 4
        #expect(b.value == 8)
        #expect(graph.statisticsByName == ["b": { var s = NameStatistics(); s.evaluations = 1; s.inputsRead = 1; return s }()])
    }
}
