import Constraints
import Reproductions
import Testing

/// Updates stopped between two evaluations (`Graph.update(_:continuingWhile:)`): every slice
/// leaves the graph consistent, and the slices together do what one uninterrupted update does.
@Suite struct InterruptedUpdateTests {
    /// Random graphs, written and then updated in slices of random length (often a single
    /// evaluation), beside a twin graph updated in one go. After every slice: no node is left
    /// being updated and every rule not out of date holds its from-scratch value. After the last:
    /// the same values, and the same number of evaluations, as the twin's.
    @Test(arguments: [1, 2, 3, 42, 1234, 0xDEAD_BEEF] as [UInt64])
    func slicesMatchAnUninterruptedUpdate(seed: UInt64) {
        var rng = SplitMix64(seed: seed &* 104_729)
        let inputCount = rng.int(4 ..< 9), ruleCount = rng.int(25 ..< 45)
        let sliced = DifferentialModel(seed: seed, inputCount: inputCount, ruleCount: ruleCount, recordsNodeStatistics: false)
        let whole = DifferentialModel(seed: seed, inputCount: inputCount, ruleCount: ruleCount, recordsNodeStatistics: false)
        var problems: [String] = []
        func problem(_ text: String) { if problems.count < 20 { problems.append("seed \(seed): \(text)") } }
        var slices = 0, stoppedSlices = 0

        for step in 0 ..< 150 where problems.isEmpty {
            let writes: [(input: Int, value: Int)] = (0 ..< rng.int(1 ..< 4)).map { _ in
                (rng.int(0 ..< inputCount), rng.int(0 ..< 4))
            }
            sliced.write(writes, batched: true)
            whole.write(writes, batched: true)
            let pulled = (0 ..< rng.int(1 ..< 4)).map { _ in rng.int(inputCount ..< inputCount + ruleCount) }

            let wholeBefore = whole.graph.statistics.evaluations
            #expect(whole.graph.update(pulled.map(whole.node)) { true })
            let wholeEvaluations = whole.graph.statistics.evaluations - wholeBefore

            let reference = sliced.reference()
            let slicedBefore = sliced.graph.statistics.evaluations
            var finished = false
            while !finished {
                var allowed = rng.int(0 ..< 4)  // evaluations after the first; 0: one at a time
                finished = sliced.graph.update(pulled.map(sliced.node)) {
                    allowed -= 1
                    return allowed >= 0
                }
                slices += 1
                if !finished { stoppedSlices += 1 }
                for node in inputCount ..< inputCount + ruleCount {
                    let state = sliced.state(of: node)
                    if state.contains(.updating) { problem("step \(step): n\(node) left being updated") }
                    if state.contains(.valueExists) && !state.contains(.dirty) && sliced.read(node) != reference.values[node] {
                        problem("step \(step): clean n\(node) holds \(sliced.read(node)), reference \(reference.values[node])")
                    }
                }
                if slices > 100_000 { problem("step \(step): the slices never finish"); break }
            }
            let slicedEvaluations = sliced.graph.statistics.evaluations - slicedBefore
            if slicedEvaluations != wholeEvaluations {
                problem("step \(step): \(slicedEvaluations) evaluations in slices, \(wholeEvaluations) in one update")
            }
            for node in pulled where sliced.read(node) != reference.values[node] || whole.read(node) != reference.values[node] {
                problem("step \(step): n\(node) is \(sliced.read(node)) sliced, \(whole.read(node)) whole, reference \(reference.values[node])")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(sliced.violationCount == 0, "unjustified runs:\n\(sliced.violations.joined(separator: "\n"))")
        #expect(stoppedSlices > 50, "the budgets really stopped updates (\(stoppedSlices) of \(slices) slices)")
    }

    /// A deadline already past lets one evaluation run per call: a chain of 100 rules that must all
    /// run takes 100 calls, the last of which reports the chain up to date; a deadline far ahead
    /// finishes in one.
    @Test func aPastDeadlineRunsOneEvaluationPerCall() {
        let graph = Graph()
        let input = graph.input(0, name: "input")
        var tail = graph.rule { input.value + 1 }
        for _ in 1 ..< 100 {
            let previous = tail
            tail = graph.rule { previous.value + 1 }
        }
        #expect(tail.value == 100)
        input.value = 1
        let clock = ContinuousClock()
        let past = clock.now - .seconds(1)
        var calls = 0
        let before = graph.statistics.evaluations
        while !graph.update([tail], before: past, on: clock) {
            calls += 1
            #expect(graph.statistics.evaluations - before == calls)
            #expect(tail.state.contains(.dirty) && !tail.state.contains(.updating))
        }
        #expect(calls + 1 == 100)
        #expect(graph.statistics.evaluations - before == 100)
        #expect(!tail.state.contains(.dirty) && tail.value == 101)

        input.value = 2
        #expect(graph.update([tail], before: clock.now + .seconds(3_600), on: clock))
        #expect(graph.statistics.evaluations - before == 200 && tail.value == 102)
    }

    /// Up-to-date rules, inputs, effects and destroyed nodes need nothing: the update reports them
    /// up to date without asking the deadline or evaluating.
    @Test func nothingToDoIsUpToDate() {
        let graph = Graph()
        let input = graph.input(1, name: "input")
        let rule = graph.rule(name: "rule") { input.value * 2 }
        let effect = graph.effect(name: "effect") { _ = rule.value }
        let group = graph.makeSubgraph(name: "gone")
        let gone = group.withCurrent { graph.rule(name: "gone") { input.value } }
        group.destroy()
        let before = graph.statistics.evaluations
        var asked = false
        #expect(graph.update([input, rule, effect, gone]) { asked = true; return false })
        #expect(!asked && graph.statistics.evaluations == before)
    }

    /// Inside a closure the update is nested in the closure's own and runs to the end.
    @Test func insideAClosureTheUpdateRunsToTheEnd() {
        let graph = Graph()
        let input = graph.input(1, name: "input")
        let a = graph.rule(name: "a") { input.value + 1 }
        let b = graph.rule(name: "b") { a.value + 1 }
        let outer = graph.rule(name: "outer") { () -> Bool in graph.update([b]) { false } }
        #expect(outer.value)
        #expect(!b.state.contains(.dirty) && b.value == 3)
    }

    /// A node of another graph is a programming error, stopped with a message.
    @Test func aNodeOfAnotherGraphStopsWithMessage() async {
        await #expect(processExitsWith: .failure) {
            let graph = Graph(), other = Graph()
            let foreign = other.rule(name: "foreign") { 1 }
            graph.update([foreign]) { true }
        }
    }
}

extension DifferentialModel {
    /// The handle of node `index`.
    func node(_ index: Int) -> any GraphNode {
        switch handles[index] {
        case .input(let input): input
        case .rule(let rule): rule
        }
    }
}
