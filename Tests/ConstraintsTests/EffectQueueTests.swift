@testable import Constraints
import Testing

/// The flush's queue (``QueuedEffect``): an effect cancelled while it waits leaves its entry,
/// which the flush skips, so that cancelling costs no search of the queue.
@Suite struct EffectQueueTests {
    /// Effects cancelled while they wait for the flush leave their entries in the queue (finding
    /// them would take a search of it), and the flush skips them: of 200 queued effects with every
    /// third cancelled in a scattered order, the flush runs each of the others once, in creation
    /// order, and nothing is pending after it; a queue left with only cancelled entries runs
    /// nothing.
    @Test func effectsCancelledWhileQueuedAreSkippedByTheFlush() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a")
        var log: [Int] = []
        let effects = (0 ..< 200).map { index in graph.effect(name: "e\(index)") { if a.value > 0 { log.append(index) } } }
        a.value = 1
        let cancelled = Set(stride(from: 0, to: 200, by: 3).map { $0 * 7 % 200 })
        for index in cancelled { effects[index].cancel() }
        #expect(graph.hasPendingEffects && graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        graph.flush()
        #expect(log == (0 ..< 200).filter { !cancelled.contains($0) })
        #expect(!graph.hasPendingEffects && graph.invariantViolations().isEmpty)
        let survivor = effects.indices.first { !cancelled.contains($0) }!
        a.value = 2
        for index in effects.indices where !cancelled.contains(index) { effects[index].cancel() }
        log.removeAll()
        graph.flush()
        #expect(log.isEmpty && !graph.hasPendingEffects && !effects[survivor].isActive)
        #expect(graph.nodeCount == 1)
    }

    /// An effect made in the node id and effect slot of one cancelled while queued, and queued in
    /// turn, runs once at the flush, for its own entry: the cancelled effect's entry, which names
    /// the same id, is skipped by its creation number.
    @Test func anEffectInTheIdOfACancelledQueuedOneRunsOncePerFlush() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a"), b = graph.input(0, name: "b")
        var runs: [String: Int] = [:]
        let old = graph.effect(name: "old") { _ = a.value; runs["old", default: 0] += 1 }
        a.value = 1
        old.cancel()
        let new = graph.effect(name: "new") { _ = b.value; runs["new", default: 0] += 1 }
        #expect(new.nodeID == old.nodeID, "the new effect takes the cancelled one's id")
        b.value = 1
        #expect(graph.effectQueue.count == 2 && graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        graph.flush()
        #expect(runs == ["old": 1, "new": 2])
        new.cancel()
    }
}
