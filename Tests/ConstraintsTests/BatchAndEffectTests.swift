@testable import Constraints
import Testing

/// Issue 2, item 2: batches coalesce writes, reverted writes are no-ops, effects run in creation
/// order at `flush()`, once each, only when something they read changed; effects may write inputs
/// and a flush that does not converge stops with a diagnostic.
@Suite struct BatchAndEffectTests {
    // MARK: Batches

    /// Many writes in one batch are applied together: one input change per input, one mark pass,
    /// one evaluation per reader.
    @Test func batchCoalescesWrites() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(0, name: "a")
        let b = graph.input(0, name: "b")
        let sum = graph.rule(name: "sum") { a.value + b.value }
        let twice = graph.rule(name: "twice") { sum.value * 2 }
        #expect(twice.value == 0)
        let base = graph.statistics
        graph.batch {
            for value in 1 ... 100 {
                a.value = value
                b.value = value * 2
            }
            #expect(delta(base, graph.statistics).marks == 0, "nothing is marked before the batch ends")
            #expect(!sum.state.contains(.dirty))
        }
        let after = delta(base, graph.statistics)
        #expect(after.inputChanges == 2)
        #expect(after.marks == 2)
        #expect(twice.value == 600)
        #expect(graph.evaluations(of: sum) == 2)
        #expect(graph.evaluations(of: twice) == 2)
    }

    /// A value written and restored within a batch changes nothing: no marks, no runs, no effects.
    @Test func revertedWritesAreNoOps() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value * 3 }
        var effectRuns = 0
        let effect = graph.effect(name: "e") { _ = b.value; effectRuns += 1 }
        #expect(b.value == 3)
        let base = graph.statistics
        graph.batch {
            a.value = 5
            a.value = 9
            a.value = 1
        }
        #expect(delta(base, graph.statistics).inputChanges == 0)
        #expect(delta(base, graph.statistics).marks == 0)
        #expect(!b.state.contains(.dirty))
        #expect(!a.state.contains(.pending))
        graph.flush()
        #expect(b.value == 3)
        #expect(effectRuns == 1)
        #expect(delta(base, graph.statistics).evaluations == 0)
        effect.cancel()
    }

    /// Inside a batch an input reads back its staged value, while rules keep the committed values
    /// until the batch ends.
    @Test func readsInsideBatchSeeStagedInputsAndCommittedRules() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 100 }
        #expect(b.value == 101)
        graph.batch {
            a.value = 2
            #expect(a.value == 2)
            #expect(a.state.contains(.pending), "a staged write shows as pending")
            #expect(b.value == 101)
            #expect(graph.evaluations(of: b) == 1)
        }
        #expect(!a.state.contains(.pending))
        #expect(b.value == 102)
    }

    /// A rule first evaluated inside a batch reads the committed input values, and re-runs after the
    /// batch applies the staged ones.
    @Test func ruleFirstEvaluatedInsideBatchSeesCommittedValues() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let fresh = graph.rule(name: "fresh") { a.value * 100 }
        graph.batch {
            a.value = 5
            #expect(fresh.value == 100)
        }
        #expect(fresh.state.contains(.dirty))
        #expect(fresh.value == 500)
        #expect(graph.evaluations(of: fresh) == 2)
    }


    /// An input read takes one of several paths (inlined into the caller, or through the graph);
    /// inside a batch, every read from a closure sees the committed value and every read from
    /// outside sees the staged one, whichever path it takes: a recorded read that repeats the last
    /// run's, a read the closure did not make last time, and an untracked read.
    @Test func stagedValueIsSeenOnlyFromOutsideClosures() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.input(10, name: "b")
        let readsB = graph.input(false, name: "readsB")
        var seen: [Int] = []
        let rule = graph.rule(name: "rule") { () -> Int in
            let untracked = graph.withoutRecordingReads { a.value }
            seen = [a.value, untracked] + (readsB.value ? [b.value] : [])
            return seen.reduce(0, +)
        }
        #expect(rule.value == 2)
        readsB.value = true
        graph.batch {
            a.value = 2
            b.value = 20
            #expect(a.value == 2 && b.value == 20, "outside closures, reads see the staged values")
            #expect(rule.value == 1 + 1 + 10)
            #expect(seen == [1, 1, 10], "the rule's repeated, untracked and new reads see committed values")
        }
        #expect(rule.value == 2 + 2 + 20)
        #expect(seen == [2, 2, 20])
    }

    /// Rules read from handles held in an array (where the read is inlined into the caller's loop)
    /// record their edges in order, and a read that leaves the recorded order is recorded too.
    @Test func readsOfHandlesInAnArrayRecordEdgesInOrder() {
        let graph = Graph(recordsNodeStatistics: true)
        let input = graph.input(1, name: "input")
        let terms = (1 ... 5).map { k in graph.rule(name: "term\(k)") { input.value * k } }
        let reversed = graph.input(false, name: "reversed")
        let sum = graph.rule(name: "sum") { () -> Int in
            var total = 0
            for term in reversed.value ? terms.reversed() : terms { total += term.value }
            return total
        }
        #expect(sum.value == 15)
        input.value = 2
        #expect(sum.value == 30)
        #expect(graph.evaluations(of: sum) == 2)
        reversed.value = true
        #expect(sum.value == 30)
        #expect(graph.evaluations(of: sum) == 3)
        input.value = 3
        #expect(sum.value == 45)
        #expect(terms.allSatisfy { graph.evaluations(of: $0) == 3 })
        #expect(graph.statistics(of: sum)?.edgesAdded == 6, "input edges to reversed and the five terms")
    }
    /// An effect may cancel itself; the cancellation takes effect after its run.
    @Test func effectMayCancelItself() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var runs = 0
        var holder: Effect?
        let effect = graph.effect(name: "once-more") {
            runs += 1
            if a.value >= 1 { holder?.cancel() }
        }
        holder = effect
        a.value = 1
        graph.flush()
        #expect(runs == 2)
        #expect(!effect.isActive)
        a.value = 2
        graph.flush()
        #expect(runs == 2)
        #expect(graph.nodeCount == 1)
    }

    /// Batches nest; only the outermost one applies the writes.
    @Test func nestedBatchesCommitAtOutermost() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        let b = graph.rule(name: "b") { a.value }
        #expect(b.value == 0)
        let result = graph.batch { () -> Int in
            graph.batch { a.value = 1 }
            #expect(graph.statistics.inputChanges == 0)
            #expect(b.value == 0)
            graph.batch { a.value = 2 }
            return 7
        }
        #expect(result == 7)
        #expect(graph.statistics.inputChanges == 1)
        #expect(b.value == 2)
    }

    // MARK: Effects

    /// An effect runs once at creation, not when inputs are written, and again only at `flush()`.
    @Test func effectsRunOnlyAtCreationAndFlush() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        var seen: [Int] = []
        let effect = graph.effect(name: "e") { seen.append(a.value) }
        #expect(seen == [1])
        a.value = 2
        a.value = 3
        #expect(seen == [1])
        #expect(effect.state.contains(.dirty))
        graph.flush()
        #expect(seen == [1, 3])
        graph.flush()
        #expect(seen == [1, 3])
        #expect(graph.evaluations(of: effect) == 2)
    }

    /// Effects run in creation order at flush, not in id order or marking order.
    @Test func effectsRunInCreationOrder() {
        let graph = Graph()
        let log = RunLog()
        let inputs = (0 ..< 4).map { graph.input(0, name: "i\($0)") }
        // Free a low id so that a later effect gets a lower id than earlier ones.
        let scratch = graph.makeSubgraph(name: "scratch")
        scratch.withCurrent { _ = graph.input(0, name: "tmp") }
        var effects: [Effect] = []
        effects.append(graph.effect(name: "e0") { _ = inputs[3].value; log.record("e0") })
        effects.append(graph.effect(name: "e1") { _ = inputs[1].value; log.record("e1") })
        scratch.destroy()
        effects.append(graph.effect(name: "e2") { _ = inputs[2].value; _ = inputs[0].value; log.record("e2") })
        effects.append(graph.effect(name: "e3") { _ = inputs[0].value; log.record("e3") })
        #expect(effects[2].id.index < effects[0].id.index, "e2 reuses the freed slot")
        log.clear()

        graph.batch {
            for input in inputs.reversed() { input.value = 1 }
        }
        graph.flush()
        #expect(log.entries == ["e0", "e1", "e2", "e3"])

        log.clear()
        inputs[0].value = 2
        inputs[3].value = 2
        graph.flush()
        #expect(log.entries == ["e0", "e2", "e3"])
        for effect in effects { effect.cancel() }
    }

    /// An effect whose several inputs changed runs once per flush.
    @Test func effectRunsOncePerFlush() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.input(2, name: "b")
        let sum = graph.rule(name: "sum") { a.value + b.value }
        var seen: [Int] = []
        let effect = graph.effect(name: "e") { seen.append(a.value + b.value + sum.value) }
        a.value = 10
        b.value = 20
        graph.batch { a.value = 11 }
        graph.flush()
        graph.flush()
        #expect(seen == [6, 62])
        #expect(graph.evaluations(of: effect) == 2)
    }

    /// An effect does not run when nothing it read changed value: unrelated inputs, equal writes,
    /// and rules cut off by equality.
    @Test func effectRunsOnlyIfSomethingItReadChanged() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(5, name: "a")
        let other = graph.input(0, name: "other")
        let positive = graph.rule(name: "positive") { a.value > 0 }
        var runs = 0
        let effect = graph.effect(name: "e") { _ = positive.value; runs += 1 }
        #expect(runs == 1)

        other.value = 1
        graph.flush()
        a.value = 5
        graph.flush()
        a.value = 6  // positive re-runs and is cut off
        graph.flush()
        #expect(runs == 1)
        #expect(graph.evaluations(of: positive) == 2)
        #expect(graph.statistics(of: positive)?.cutoffs == 1)

        a.value = -1
        graph.flush()
        #expect(runs == 2)
        #expect(graph.evaluations(of: effect) == 2)
    }

    /// An effect may write inputs; the flush continues with effects made out of date by the write,
    /// including ones created earlier than the writer.
    @Test func effectMayWriteInputsAndFlushContinues() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.input(0, name: "b")
        var seen: [Int] = []
        let reader = graph.effect(name: "reader") { seen.append(b.value) }
        let writer = graph.effect(name: "writer") { b.value = a.value * 2 }
        // Creating the writer wrote b; the reader runs at the next flush.
        graph.flush()
        #expect(seen == [0, 2])
        a.value = 5
        graph.flush()
        #expect(seen == [0, 2, 10])
        #expect(b.value == 10)
        #expect(graph.evaluations(of: writer) == 2)
        #expect(graph.evaluations(of: reader) == 3)
        #expect(graph.diagnostics.isEmpty)
    }

    /// A chain of effects, each writing the input the next one reads, settles in one flush.
    @Test func effectChainSettlesInOneFlush() {
        let graph = Graph()
        let stages = (0 ..< 5).map { graph.input(0, name: "s\($0)") }
        var effects: [Effect] = []
        // Created last-to-first, so each round of the flush runs one stage.
        for index in (0 ..< 4).reversed() {
            effects.append(graph.effect(name: "copy\(index)") { stages[index + 1].value = stages[index].value + 1 })
        }
        graph.flush()
        #expect(stages.map(\.value) == [0, 1, 2, 3, 4])
        stages[0].value = 10
        graph.flush()
        #expect(stages.map(\.value) == [10, 11, 12, 13, 14])
        #expect(graph.diagnostics.isEmpty)
        for effect in effects { effect.cancel() }
    }

    /// An effect that reads a rule and then writes the input the rule depends on re-runs in a later
    /// round of the flush with the rule's new value, and keeps reacting to later writes.
    @Test func effectSeesRuleChangedByItsOwnWrite() {
        let graph = quietGraph()
        let a = graph.input(1, name: "a")
        let r = graph.rule(name: "r") { a.value * 10 }
        var seen: [Int] = []
        let effect = graph.effect(name: "e") {
            let value = r.value
            seen.append(value)
            if value < 30 { a.value = value / 10 + 1 }
        }
        graph.flush()
        #expect(seen == [10, 20, 30])
        #expect(a.value == 3)

        // Whatever happened above, an outside write to `a` changes `r`, which the effect read.
        a.value = 7
        graph.flush()
        #expect(seen.last == 70)
        #expect(r.value == 70)
        effect.cancel()
    }

    /// An effect that reads an input and then writes it is out of date with respect to what it read;
    /// the flush keeps running it until the write stops changing the value.
    @Test func effectWritingWhatItReadRunsUntilStable() {
        let graph = quietGraph()
        let counter = graph.input(0, name: "counter")
        var runs = 0
        let effect = graph.effect(name: "increment") {
            runs += 1
            if counter.value < 3 { counter.value += 1 }
        }
        graph.flush()
        #expect(counter.value == 3)
        #expect(runs == 4)
        #expect(graph.diagnostics.isEmpty)
        effect.cancel()
    }

    /// Two effects that keep changing each other's inputs stop after `maximumFlushRounds` and report
    /// `flushDidNotConverge` naming them; the graph stays usable.
    @Test func pingPongingEffectsStopAfterMaximumRounds() {
        let graph = quietGraph()
        graph.maximumFlushRounds = 10
        let a = graph.input(0, name: "a")
        let b = graph.input(0, name: "b")
        var pingRuns = 0
        var pongRuns = 0
        let ping = graph.effect(name: "ping") { pingRuns += 1; b.value = a.value + 1 }
        let pong = graph.effect(name: "pong") { pongRuns += 1; a.value = b.value + 1 }
        #expect(pingRuns == 1 && pongRuns == 1)
        graph.flush()
        #expect(pingRuns + pongRuns == 2 + 10, "one effect per round, ten rounds")
        let diagnostics = graph.diagnostics
        #expect(diagnostics.count == 1)
        guard case .flushDidNotConverge(let rounds, let effects)? = diagnostics.first else {
            Issue.record("expected flushDidNotConverge, got \(diagnostics)")
            return
        }
        #expect(rounds == 10)
        #expect(effects.allSatisfy { ["ping", "pong"].contains($0) } && !effects.isEmpty)
        #expect(effects == effects.sorted { $0 == "ping" && $1 == "pong" }, "named in creation order")
        #expect("\(diagnostics[0])".contains("flush stopped after 10 rounds"))

        // Break the loop: the next flush finishes and the values are consistent.
        pong.cancel()
        graph.flush()
        #expect(b.value == a.value + 1)
        #expect(graph.diagnostics.count == 1)
        ping.cancel()
    }

    /// An effect destroyed during a flush leaves no entry behind in the queue nor in the round being
    /// run, even when its slot was reused by an effect created in the same round that was queued
    /// and destroyed in turn: the new effect runs for its own reasons only, not for the entry of the
    /// effect whose slot it took.
    @Test func effectsDestroyedDuringAFlushLeaveNothingQueued() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a")
        let first = graph.makeSubgraph(name: "first")
        let second = graph.makeSubgraph(name: "second")
        var spawned = false
        var spawnedRuns = 0
        let destroyer = graph.effect(name: "destroyer") { if a.value > 0 { first.destroy() } }
        let spawner = graph.effect(name: "spawner") {
            guard a.value > 0, !spawned else { return }
            spawned = true
            // Created after `doomed` is gone, so it takes its slot; it writes what it reads.
            second.withCurrent {
                _ = graph.effect(name: "spawned") {
                    spawnedRuns += 1
                    if a.value == 1 { a.value = 2 }
                }
            }
        }
        _ = first.withCurrent { graph.effect(name: "doomed") { _ = a.value } }
        let cleaner = graph.effect(name: "cleaner") { if a.value == 2 { second.destroy() } }

        a.value = 1
        graph.flush()
        #expect(graph.diagnostics.isEmpty)
        // Once when created; its own write queues it for the next round, where `cleaner`, made
        // before it, destroys it first.
        #expect(spawnedRuns == 1)
        #expect(first.isDestroyed && second.isDestroyed)
        a.value = 3
        graph.flush()
        #expect(graph.diagnostics.isEmpty)
        for effect in [destroyer, spawner, cleaner] { effect.cancel() }
    }

    /// Effects of one input, cancelled in a scattered order (each cancellation moves the input's last
    /// reader into the place of the one removed, and updates that reader's edge): every effect
    /// still active runs once per write, the cancelled ones never, and the input's readers are
    /// exactly the active effects.
    @Test func cancellingEffectsOfAWideInputKeepsTheOthersRunning() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        let b = graph.input(0, name: "b")
        var runs = [Int](repeating: 0, count: 40)
        // Half also read b, so that the moved readers' input lists have two entries.
        let effects = (0 ..< 40).map { index in
            graph.effect(name: "e\(index)") {
                _ = a.value
                if index % 2 == 0 { _ = b.value }
                runs[index] += 1
            }
        }
        var active = Set(0 ..< 40)
        for index in [0, 39, 17, 1, 38, 20, 5, 6, 33, 12] {
            effects[index].cancel()
            active.remove(index)
            let before = runs
            a.value += 1
            graph.flush()
            for effect in 0 ..< 40 {
                #expect(runs[effect] == before[effect] + (active.contains(effect) ? 1 : 0), "effect \(effect)")
            }
        }
        b.value = 1
        graph.flush()
        #expect(graph.nodeCount == 2 + active.count)
        #expect(graph.statistics.edgesAdded - graph.statistics.edgesRemoved == active.count + active.filter { $0 % 2 == 0 }.count)
        for index in active { effects[index].cancel() }
    }

    /// A cancelled effect never runs again and its node and edges are gone; cancelling twice is fine.
    @Test func cancelledEffectStopsAndDropsEdges() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var runs = 0
        let effect = graph.effect(name: "e") { _ = a.value; runs += 1 }
        #expect(graph.nodeCount == 2)
        #expect(effect.isActive)
        let removedBefore = graph.statistics.edgesRemoved
        a.value = 1
        effect.cancel()
        effect.cancel()
        #expect(!effect.isActive)
        #expect(!effect.isAlive)
        #expect(graph.nodeCount == 1)
        #expect(graph.statistics.edgesRemoved == removedBefore + 1)
        graph.flush()
        a.value = 2
        graph.flush()
        #expect(runs == 1)
        #expect(graph.snapshot().nodes.map(\.name) == ["a"])
    }

    /// An effect cancelled by an earlier effect in the same flush does not run.
    @Test func effectCancelledDuringFlushDoesNotRun() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var log: [String] = []
        var victim: Effect?
        let killer = graph.effect(name: "killer") {
            if a.value == 1 { victim?.cancel() }
            log.append("killer")
        }
        victim = graph.effect(name: "victim") { _ = a.value; log.append("victim") }
        log.removeAll()
        a.value = 1
        graph.flush()
        #expect(log == ["killer"])
        #expect(victim?.isActive == false)
        killer.cancel()
    }
    /// A cancelled effect's handle stays cancelled when a later effect takes its node's id, and
    /// cancelling it again leaves that effect alone; once the graph is gone, every handle says it
    /// is not active and cancelling does nothing.
    @Test func anEffectHandleOutlivesItsIdAndItsGraph() {
        var graph: Graph? = Graph()
        let a = graph!.input(0, name: "a")
        var runs = 0
        let first = graph!.effect(name: "first") { _ = a.value }
        let id = first.id.index
        first.cancel()
        let second = graph!.effect(name: "second") { _ = a.value; runs += 1 }
        #expect(second.id.index == id)
        #expect(!first.isActive && !first.isAlive && first.name == "<destroyed Effect node>")
        first.cancel()
        #expect(second.isActive && second.name == "second")
        a.value = 1
        graph!.flush()
        #expect(runs == 2)
        graph = nil
        #expect(!second.isActive && second.id.index == -1 && second.state == [])
        second.cancel()
    }
    /// Effect handles hold their graph's anchor unretained, and a later graph reuses the anchor of
    /// one that went: the handles of gone graphs, whose effects had the same node id and slot as
    /// the new graph's, stay inactive and nameless, and cancelling them leaves the new graph's
    /// effect running. Graphs are made one after another, each after the last went, so that most
    /// take the anchor the last one gave back (other tests' graphs may take some in between).
    @Test func handlesOfGoneGraphsDoNotReachTheGraphsThatReuseTheirAnchor() {
        var oldHandles: [Effect] = []
        var runs = 0
        var anchorsOfRounds: [UnsafeMutableRawPointer] = []
        for round in 0 ..< 200 {
            let graph = Graph()
            let a = graph.input(0, name: "a")
            let effect = graph.effect(name: "e\(round)") { _ = a.value; runs += 1 }
            anchorsOfRounds.append(effect.anchor.toOpaque())
            for old in oldHandles {
                #expect(!old.isActive && old.id.index == -1 && old.name == "<destroyed Effect node>")
                old.cancel()
            }
            #expect(effect.isActive && effect.name == "e\(round)")
            a.value = 1
            graph.flush()
            #expect(runs == 2 * (round + 1), "the effect of round \(round) ran at creation and at the flush")
            // Kept to the end, so that it is among the handles checked in every later round.
            if round < 20 || round % 20 == 0 { oldHandles.append(effect) }
        }
        let reused = oldHandles.filter { old in anchorsOfRounds.filter { $0 == old.anchor.toOpaque() }.count > 1 }
        #expect(!reused.isEmpty, "later graphs took the anchors of graphs whose handles were checked")
    }

    /// An effect that makes effects while it runs (enough to move the graph's effect table) keeps
    /// its closure: it runs again at the next flush, and every effect runs in creation order.
    @Test func effectMakingEffectsWhileRunningKeepsItsClosure() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var log: [String] = []
        var made: [Effect] = []
        let maker = graph.effect(name: "maker") {
            log.append("maker \(a.value)")
            guard made.isEmpty else { return }
            for index in 0 ..< 12 {
                made.append(graph.effect(name: "made \(index)") { log.append("made \(index) \(a.value)") })
            }
        }
        #expect(log == ["maker 0"] + (0 ..< 12).map { "made \($0) 0" })
        log.removeAll()
        a.value = 1
        graph.flush()
        #expect(log == ["maker 1"] + (0 ..< 12).map { "made \($0) 1" })
        #expect(graph.diagnostics.isEmpty)
        for effect in made + [maker] { effect.cancel() }
        #expect(graph.nodeCount == 1)
    }

    /// An effect that cancels itself and makes another in the same run: the new effect runs once
    /// when made and at every later flush; the cancelled one is gone when the run ends, and runs
    /// no more.
    @Test func effectCancellingItselfAndMakingAnotherInOneRun() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var log: [String] = []
        var holder: Effect?
        var successor: Effect?
        let first = graph.effect(name: "first") {
            log.append("first \(a.value)")
            guard a.value == 1 else { return }
            holder?.cancel()
            successor = graph.effect(name: "successor") { log.append("successor \(a.value)") }
        }
        holder = first
        a.value = 1
        graph.flush()
        #expect(log == ["first 0", "first 1", "successor 1"])
        #expect(!first.isActive && successor?.isActive == true)
        #expect(graph.nodeCount == 2)
        a.value = 2
        graph.flush()
        #expect(log == ["first 0", "first 1", "successor 1", "successor 2"])
        successor?.cancel()
    }

    /// Cancelling an effect from a teardown: an effect's closure holds an object whose `deinit`
    /// cancels another effect, so cancelling the first (or destroying its subgraph) releases the
    /// closure, which cancels the second, outside the subgraph or in it (not yet removed by the
    /// teardown, which must not remove it again). All are gone, and the graph holds no more than
    /// its input.
    @Test func effectCancelledFromATeardown() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var runs: [String: Int] = [:]
        let victim = graph.effect(name: "victim") { _ = a.value; runs["victim", default: 0] += 1 }
        let holder = graph.effect(name: "holder") { [owner = RunsOnDeinit(victim.cancel)] in
            _ = (owner, a.value)
            runs["holder", default: 0] += 1
        }
        holder.cancel()
        #expect(!victim.isActive && !holder.isActive)
        #expect(graph.nodeCount == 1)

        let row = graph.makeSubgraph(name: "row")
        let second = graph.effect(name: "second") { _ = a.value; runs["second", default: 0] += 1 }
        let (sibling, last) = row.withCurrent {
            let sibling = graph.effect(name: "sibling") { _ = a.value }
            // The newest, so the teardown removes it first, and its release cancels the others.
            let last = graph.effect(name: "in row") { [owners = [RunsOnDeinit(second.cancel), RunsOnDeinit(sibling.cancel)]] in
                _ = (owners, a.value)
            }
            return (sibling, last)
        }
        #expect(graph.nodeCount == 4)
        row.destroy()
        #expect(!second.isActive && !sibling.isActive && !last.isActive)
        #expect(graph.nodeCount == 1)
        // The slots and ids freed once each: new effects get distinct ones, and each keeps its
        // own closure.
        let fresh = (0 ..< 4).map { index in graph.effect(name: "fresh \(index)") { _ = a.value; runs["fresh \(index)", default: 0] += 1 } }
        #expect(Set(fresh.map(\.id.index)).count == 4)
        #expect(graph.nodeCount == 5)
        a.value = 1
        graph.flush()
        #expect(runs == ["victim": 1, "holder": 1, "second": 1, "fresh 0": 2, "fresh 1": 2, "fresh 2": 2, "fresh 3": 2])
        for effect in fresh { effect.cancel() }
        a.value = 2
        graph.flush()
        #expect(runs == ["victim": 1, "holder": 1, "second": 1, "fresh 0": 2, "fresh 1": 2, "fresh 2": 2, "fresh 3": 2])
        #expect(graph.diagnostics.isEmpty)
    }

    /// Effects made in the slots and ids of cancelled ones run in creation order, not in the order
    /// of their slots or ids.
    @Test func effectsRecreatedInReusedSlotsRunInCreationOrder() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        var log: [Int] = []
        func make(_ number: Int) -> Effect { graph.effect(name: "e\(number)") { _ = a.value; log.append(number) } }
        var effects = (0 ..< 6).map(make)
        for index in [4, 1, 2] { effects[index].cancel() }
        effects += (6 ..< 10).map(make)
        log.removeAll()
        a.value = 1
        graph.flush()
        #expect(log == [0, 3, 5, 6, 7, 8, 9])
        for effect in effects { effect.cancel() }
        #expect(graph.nodeCount == 1)
    }
}
