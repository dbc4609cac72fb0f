import Constraints
import Foundation
import Testing

/// Collects diagnostics passed to a graph's `diagnosticHandler` (which must be `@Sendable`).
final class DiagnosticSink: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Diagnostic] = []

    var diagnostics: [Diagnostic] { lock.withLock { stored } }

    func append(_ diagnostic: Diagnostic) { lock.withLock { stored.append(diagnostic) } }
}

/// Issue 2, item 4: cycles are detected and recovered from, fatal misuse stops the process with a
/// clear message, and writes during evaluation are reported and deferred.
@Suite struct BadInputTests {
    // MARK: Cycles

    /// A rule reading itself gets its `initialValue:` back, the cycle is reported with its name,
    /// and the graph keeps working.
    @Test func selfCycleReturnsInitialValue() {
        let graph = quietGraph(recordsNodeStatistics: true)
        let sink = DiagnosticSink()
        graph.diagnosticHandler = { sink.append($0) }
        var holder: Rule<Int>?
        let counter = graph.rule(name: "counter", initialValue: 10) { (holder?.value ?? -1000) + 1 }
        holder = counter
        #expect(counter.value == 11)
        #expect(graph.diagnostics == [.cycle(["counter", "counter"])])
        #expect(sink.diagnostics == graph.diagnostics, "the handler saw the same report")
        #expect("\(graph.diagnostics[0])".contains("counter → counter"))
        #expect(counter.value == 11, "a clean rule is not re-run")
        #expect(graph.evaluations(of: counter) == 1)

        let other = graph.input(2, name: "other")
        let doubled = graph.rule(name: "doubled") { other.value * 2 }
        #expect(doubled.value == 4)
        other.value = 3
        #expect(doubled.value == 6)
        #expect(graph.diagnostics.count == 1)
    }

    /// A rule that starts reading itself gets its previous value; once it stops, it works normally.
    @Test func selfCycleReturnsPreviousValueAndRecovers() {
        let graph = quietGraph()
        let base = graph.input(5, name: "base")
        let useSelf = graph.input(false, name: "useSelf")
        var holder: Rule<Int>?
        let r = graph.rule(name: "r") { useSelf.value ? holder!.value + 100 : base.value }
        holder = r
        #expect(r.value == 5)
        #expect(graph.diagnostics.isEmpty)

        useSelf.value = true
        #expect(r.value == 105, "the self-read returned the previous value 5")
        #expect(graph.diagnostics == [.cycle(["r", "r"])])

        useSelf.value = false
        base.value = 6
        #expect(r.value == 6)
        #expect(graph.recordedInputs(of: r) == [useSelf.id.index, base.id.index], "the self edge was dropped")
        base.value = 7
        #expect(r.value == 7)
        #expect(graph.diagnostics.count == 1)
    }

    /// A cycle through another rule is reported with every name on it, in order; the read returns
    /// the previous value; breaking the cycle restores normal evaluation.
    @Test func cycleThroughAnotherRuleIsReportedAndBroken() {
        let (graph, useA, a, b) = switchableCycle()
        #expect(a.value == 11)

        useA.value = true
        #expect(a.value == 23, "b read a's previous value 11")
        #expect(b.value == 22)
        #expect(graph.diagnostics == [.cycle(["a", "b", "a"])])

        useA.value = false
        #expect(a.value == 11)
        #expect(b.value == 10)
        #expect(graph.recordedInputs(of: b) == [useA.id.index])
        #expect(graph.diagnostics.count == 1)
        useA.value = true
        useA.value = false
        #expect(a.value == 11)
        #expect(graph.diagnostics.count == 1)
    }

    /// The same cycle entered from the other side: a read of `b`, whose only input is up to date,
    /// runs it without a walk, and the cycle its closure closes still starts with its name.
    @Test func cycleClosedByARuleWithOneUpToDateInputNamesIt() {
        let (graph, useA, a, b) = switchableCycle()
        #expect(a.value == 11)

        useA.value = true
        #expect(b.value == 22, "a read b's previous value 10")
        #expect(graph.diagnostics == [.cycle(["b", "a", "b"])])

        useA.value = false
        #expect(b.value == 10)
        #expect(a.value == 11)
        #expect(graph.diagnostics.count == 1)
    }

    /// Rules `a` = `b` + 1 and `b` = `useA` ? `a` × 2 : 10, which form a cycle while `useA` is true.
    private func switchableCycle() -> (Graph, Input<Bool>, a: Rule<Int>, b: Rule<Int>) {
        let graph = quietGraph()
        let useA = graph.input(false, name: "useA")
        var holderA: Rule<Int>?
        let b = graph.rule(name: "b") { useA.value ? holderA!.value * 2 : 10 }
        let a = graph.rule(name: "a") { b.value + 1 }
        holderA = a
        return (graph, useA, a, b)
    }

    /// A three-rule cycle found while the rules first run (nested evaluation) names all three and
    /// uses the `initialValue:` of the rule whose read closed it.
    @Test func threeRuleCycleOnFirstRunUsesInitialValue() {
        let graph = quietGraph()
        var holderC: Rule<Int>?
        let e = graph.rule(name: "e") { holderC!.value + 1 }
        let d = graph.rule(name: "d") { e.value + 1 }
        let c = graph.rule(name: "c", initialValue: 0) { d.value + 1 }
        holderC = c
        #expect(c.value == 3)
        #expect(d.value == 2)
        #expect(e.value == 1)
        #expect(graph.diagnostics == [.cycle(["c", "d", "e", "c"])])
    }

    /// With neither a previous value nor an `initialValue:`, a cycle stops the process with a
    /// message naming the cycle.
    @Test func cycleWithoutAnyValueStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            var holderA: Rule<Int>?
            let b = graph.rule(name: "bee") { holderA!.value * 2 }
            let a = graph.rule(name: "ay") { b.value + 1 }
            holderA = a
            _ = a.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("dependency cycle ay → bee → ay"))
        #expect(stderr.contains("'ay' has no previous value and no initialValue"))
    }

    /// A self-read with no value to return stops the process naming the rule.
    @Test func selfCycleWithoutAnyValueStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            var holder: Rule<Int>?
            let loop = graph.rule(name: "loop") { holder!.value + 1 }
            holder = loop
            _ = loop.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("dependency cycle loop → loop"))
        #expect(stderr.contains("no initialValue"))
    }

    // MARK: Destroyed nodes

    /// An input made while its graph is being destroyed (from a `deinit` that dropping the graph's
    /// values runs, holding the graph `unowned(unsafe)`) belongs to no graph: the program stops
    /// there, naming the cause, rather than give its page to the next graph with a live slot.
    @Test func inputMadeWhileItsGraphIsDestroyedStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class MakesAnInputWhenDropped {
                unowned(unsafe) let graph: Graph
                init(_ graph: Graph) { self.graph = graph }
                deinit { _ = graph.input(1, name: "late") }
            }
            let graph = Graph()
            _ = graph.input(0, name: "early")
            _ = graph.input(MakesAnInputWhenDropped(graph), name: "maker")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("an input was made in a graph while the graph was being destroyed"))
    }

    /// Making another graph's subgraph current stops the process with a message: the subgraph
    /// would take this graph's nodes and children, and keep references to them after either graph
    /// went.
    @Test func subgraphOfAnotherGraphMadeCurrentStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let other = Graph()
            let foreign = other.makeSubgraph(name: "foreign")
            graph.withCurrentSubgraph(foreign) { _ = graph.makeSubgraph(name: "child") }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("subgraph 'foreign' belongs to another graph"))
    }

    /// Reading a rule whose subgraph was destroyed stops the process with a clear message.
    @Test func readingDestroyedRuleStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let row = graph.makeSubgraph(name: "row")
            let rule = row.withCurrent { graph.rule(name: "cell") { 42 } }
            _ = rule.value
            row.destroy()
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("node that no longer exists"))
        #expect(stderr.contains("subgraph was destroyed"))
    }

    /// A rule whose own evaluation destroys its subgraph has no value left to return: the read
    /// stops the process with a clear message.
    @Test func ruleDestroyedByItsOwnReadStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let row = graph.makeSubgraph(name: "row")
            let rule = row.withCurrent {
                graph.rule(name: "cell") {
                    row.destroy()
                    return 42
                }
            }
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("destroyed by the evaluation its own read started"))
    }

    /// The same when the teardown that destroyed the rule runs a `deinit` that makes a node, which
    /// takes the rule's freed id: the read still finds its own rule gone, rather than returning
    /// the dropped value.
    @Test func ruleDestroyedByItsOwnReadStopsEvenWhenItsIDIsReused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let row = graph.makeSubgraph(name: "row")
            let rule = row.withCurrent {
                graph.rule(name: "cell") { () -> RunsOnDeinit in
                    row.destroy()
                    return RunsOnDeinit { _ = graph.input("made by a deinit") }
                }
            }
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("destroyed by the evaluation its own read started"))
    }

    /// Writing an input whose subgraph was destroyed stops the process with the same message.
    @Test func writingDestroyedInputStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let row = graph.makeSubgraph(name: "row")
            let input = row.withCurrent { graph.input("text", name: "field") }
            row.destroy()
            input.value = "more"
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("use of a String node that no longer exists"))
    }

    /// Reading a node after its graph was deallocated stops the process with a clear message.
    @Test func readingNodeOfDeallocatedGraphStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var graph: Graph? = Graph()
            let rule = graph!.rule(name: "orphan") { 1 }
            _ = rule.value
            graph = nil
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("node that no longer exists"))
        #expect(stderr.contains("graph was deallocated"))
    }

    // MARK: Writes and flushes during evaluation

    /// A rule that writes an input is reported with its name; the write is applied once the
    /// evaluation finishes, so the evaluation itself still sees the old value.
    @Test func writeDuringEvaluationIsReportedAndDeferred() {
        let graph = quietGraph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let target = graph.input(0, name: "target")
        let watcher = graph.rule(name: "watcher") { target.value * 2 }
        #expect(watcher.value == 0)
        let writer = graph.rule(name: "writer") { () -> Int in
            target.value = a.value * 10
            return a.value
        }
        // `outer` runs `writer`, then reads `target` within the same evaluation.
        let outer = graph.rule(name: "outer") { writer.value + target.value }
        #expect(outer.value == 1, "target was still 0 during the evaluation")
        #expect(graph.diagnostics == [.writeDuringEvaluation(rule: "writer", input: "target")])
        #expect("\(graph.diagnostics[0])".contains("rule 'writer' wrote input 'target'"))
        #expect(target.value == 10, "applied after the evaluation")
        #expect(watcher.state.contains(.dirty))
        #expect(watcher.value == 20)
        #expect(outer.value == 11)
        #expect(graph.evaluations(of: writer) == 1, "target is not an input of writer")
        #expect(graph.diagnostics.count == 1)
    }

    /// Calling `flush()` from inside a rule is reported and ignored.
    @Test func flushDuringEvaluationIsIgnored() {
        let graph = quietGraph()
        let a = graph.input(1, name: "a")
        var effectRuns = 0
        let effect = graph.effect(name: "e") { _ = a.value; effectRuns += 1 }
        a.value = 2
        let rule = graph.rule(name: "flusher") { () -> Int in
            graph.flush()
            return a.value
        }
        #expect(rule.value == 2)
        #expect(effectRuns == 1)
        #expect(graph.diagnostics == [.flushDuringEvaluation])
        graph.flush()
        #expect(effectRuns == 2)
        effect.cancel()
    }

    /// `diagnostics` keeps the most recent `maximumDiagnosticsKept` entries; `clearDiagnostics()`
    /// empties it.
    @Test func diagnosticsAreBounded() {
        let graph = quietGraph()
        let target = graph.input(0, name: "target")
        let noisy = graph.rule(name: "noisy") { () -> Int in
            for value in 0 ..< Graph.maximumDiagnosticsKept + 5 { target.value = value }
            return 0
        }
        #expect(noisy.value == 0)
        #expect(graph.diagnostics.count == Graph.maximumDiagnosticsKept)
        #expect(target.value == Graph.maximumDiagnosticsKept + 4, "the last staged write wins")
        graph.clearDiagnostics()
        #expect(graph.diagnostics.isEmpty)
    }
}
