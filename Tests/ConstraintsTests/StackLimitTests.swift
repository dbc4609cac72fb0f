@testable import Constraints
import Foundation
import Synchronization
import Testing

/// A stack limit is used only on the thread it was measured on (`DeepEvaluation.swift`): an
/// outermost read that takes the lane for a rule whose inputs are up to date sets none, and a limit
/// another thread left behind must not send a shallow first evaluation to a continuation thread.
@Suite struct StackLimitTests {
    @Test func aLimitLeftByAnotherThreadIsNotUsed() {
        let graph = Graph()
        let x = graph.input(0, name: "x"), y = graph.input(0, name: "y")
        let ranOn = Mutex<UInt>(0)
        let fresh = graph.rule(name: "fresh") { () -> Int in
            ranOn.withLock { $0 = UInt(pthread_self()) }
            return 1
        }
        let reader = graph.rule(name: "reader") { x.value + y.value + (x.value > 0 ? fresh.value : 0) }
        #expect(reader.value == 0)
        x.value = 1
        // A limit above every address, left by another thread whose stack lies higher: a first
        // evaluation checked against it would move to a continuation thread.
        (graph.stackLimit, graph.stackLimitThread) = (.max, 1)
        #expect(reader.value == 2)
        #expect(ranOn.withLock { $0 } == UInt(pthread_self()), "the nested first evaluation stayed on the reading thread")
    }

    /// An evaluation that starts outside any closure (here a read that walks, and a flush) forgets
    /// a limit an earlier one noted on this very thread, from elsewhere on its stack: the first
    /// nested first evaluation notes its own.
    @Test func aLimitLeftByAnEarlierEvaluationOnThisThreadIsNotUsed() {
        let graph = Graph()
        let x = graph.input(0, name: "x")
        let ranOn = Mutex<[UInt]>([])
        func fresh(_ name: String) -> Rule<Int> {
            graph.rule(name: name) { () -> Int in
                ranOn.withLock { $0.append(UInt(pthread_self())) }
                return 1
            }
        }
        let (freshForReader, freshForEffect) = (fresh("fresh for reader"), fresh("fresh for effect"))
        let middle = graph.rule(name: "middle") { x.value }
        // Its input `middle` is out of date after the write, so the read walks.
        let reader = graph.rule(name: "reader") { middle.value + (x.value > 0 ? freshForReader.value : 0) }
        var seen = 0
        let effect = graph.effect(name: "effect") { seen = x.value > 0 ? freshForEffect.value : 0 }
        defer { effect.cancel() }
        #expect(reader.value == 0)
        x.value = 1
        // A limit above every address, noted on this thread: a first evaluation checked against it
        // would move to a continuation thread.
        (graph.stackLimit, graph.stackLimitThread) = (.max, currentThreadWord())
        #expect(reader.value == 2)
        (graph.stackLimit, graph.stackLimitThread) = (.max, currentThreadWord())
        graph.flush()
        #expect(seen == 1)
        #expect(ranOn.withLock { $0 } == [UInt(pthread_self()), UInt(pthread_self())],
                "the nested first evaluations stayed on this thread")
    }
}
