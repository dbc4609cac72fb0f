import Constraints
import Foundation
import Synchronization
import Testing

/// Reading the tail of a chain that never ran nests one closure call per rule (each rule's first
/// run reads its input, which runs inside that read); past a stack budget the nested evaluation
/// continues on threads with larger stacks while the reader waits (`Docs/Engine.md`, "Deep first
/// evaluations"). These tests cross threads, so `.ci/run` runs them under ThreadSanitizer too.
@Suite struct DeepEvaluationThreadTests {
    static let chainLength = 30_000

    /// 30,000 rules would overflow a secondary thread's stack if nested on it. The closures take
    /// the graph's lock too (re-entrant): the threads that continue the evaluation hold it on the
    /// reader's behalf, so this does not deadlock.
    @Test func neverEvaluatedChainOfThirtyThousandReadsItsTail() {
        let graph = Graph()
        let input = graph.input(1, name: "input")
        var tail = graph.rule { input.value + 1 }
        for _ in 1 ..< Self.chainLength {
            let previous = tail
            tail = graph.rule { graph.withLock { previous.value } + 1 }
        }
        #expect(graph.withLock { tail.value } == Self.chainLength + 1)
        #expect(graph.statistics.evaluations == Self.chainLength)
        input.value = 2
        #expect(tail.value == Self.chainLength + 2, "the chain, evaluated now, is brought up to date by the walk")
    }

    /// The closures deep in the chain run on other threads than the reader's, one after another
    /// (never two at once), and the reader gets the value synchronously.
    @Test func deepClosuresRunOnContinuationThreadsOneAtATime() {
        let graph = Graph()
        let reader = pthread_self()
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        let elsewhere = Atomic<Int>(0)
        var tail = graph.rule { 0 }
        for _ in 1 ..< Self.chainLength {
            let previous = tail
            tail = graph.rule {
                if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
                if pthread_equal(pthread_self(), reader) == 0 { elsewhere.add(1, ordering: .relaxed) }
                running.subtract(1, ordering: .sequentiallyConsistent)
                return previous.value + 1
            }
        }
        #expect(tail.value == Self.chainLength - 1)
        let closuresElsewhere = elsewhere.load(ordering: .relaxed)
        let anyOverlap = overlapped.load(ordering: .relaxed)
        #expect(closuresElsewhere > 0, "the deepest closures ran on continuation threads")
        #expect(!anyOverlap)
    }
}
