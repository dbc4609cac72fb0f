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

    /// An effect cancelled in the flush round that ran it (by itself, once its run ends, or by a
    /// later effect of the round) leaves an entry in the round, which the graph notes, so that the
    /// checker of the queue, run while the round goes on, finds nothing wrong, and the effect runs
    /// no more.
    @Test func effectsCancelledAfterTheyRanInTheirRoundAreNoted() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a")
        var log: [String] = []
        var found: [InvariantViolation] = []
        var handles: [String: Effect] = [:]
        handles["self"] = graph.effect(name: "self") { if a.value == 1 { handles["self"]?.cancel(); log.append("self") } }
        handles["victim"] = graph.effect(name: "victim") { if a.value == 1 { log.append("victim") } }
        handles["killer"] = graph.effect(name: "killer") {
            guard a.value == 1 else { return }
            handles["victim"]?.cancel()
            log.append("killer")
        }
        // The checker's other invariants hold between updates only; these two hold during a flush.
        handles["checker"] = graph.effect(name: "checker") {
            guard a.value == 1 else { return }
            found = graph.invariantViolations().filter { [.effectQueueEntries, .queuedEffectInQueue].contains($0.invariant) }
        }
        a.value = 1
        graph.flush()
        #expect(log == ["self", "victim", "killer"])
        #expect(found.isEmpty, "\(found.map(\.message))")
        #expect(handles["self"]?.isActive == false && handles["victim"]?.isActive == false && !graph.queueHoldsCancelledEffects)
        a.value = 2
        graph.flush()
        #expect(log == ["self", "victim", "killer"])
        handles["killer"]?.cancel()
        handles["checker"]?.cancel()
    }

    /// A flush whose last allowed round leaves only the entry of an effect that cancelled itself
    /// has converged: it reports nothing and leaves nothing pending.
    @Test func aFlushLeftWithOnlyCancelledEntriesAtItsLastRoundConverges() {
        let graph = quietGraph()
        graph.maximumFlushRounds = 5
        let a = graph.input(0, name: "a")
        var handle: Effect?
        // Each run writes what it read, which queues it again, until its fifth run cancels it.
        handle = graph.effect(name: "counter") {
            let value = a.value
            guard value > 0 else { return }
            if value == 5 { handle?.cancel() }
            a.value = value + 1
        }
        a.value = 1
        graph.flush()
        #expect(graph.diagnostics.isEmpty && !graph.hasPendingEffects && a.value == 6)
        #expect(handle?.isActive == false && graph.invariantViolations().isEmpty)
    }

    /// Effects queued and cancelled again and again without a flush leave no more entries than
    /// the queue's waiting effects and a few: the queue drops them once they are more than half
    /// of it. The waiting effects still run once each at the flush, in creation order.
    @Test func aQueueThatIsNotFlushedDropsTheEntriesOfCancelledEffects() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a")
        var log: [Int] = []
        let waiting = (0 ..< 50).map { index in graph.effect(name: "waiting \(index)") { if a.value > 0 { log.append(index) } } }
        a.value = 1
        var longest = 0
        for round in 0 ..< 1_000 {
            let passing = graph.effect(name: "passing") { _ = a.value }
            a.value = round + 2
            passing.cancel()
            longest = max(longest, graph.effectQueue.count)
            #expect(graph.hasPendingEffects)
        }
        #expect(longest <= 2 * waiting.count + 2, "the queue grew to \(longest) entries")
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        graph.flush()
        #expect(log == Array(0 ..< 50) && !graph.hasPendingEffects)
        for effect in waiting { effect.cancel() }
    }
}
