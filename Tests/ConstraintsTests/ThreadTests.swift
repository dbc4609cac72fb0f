import Constraints
import Foundation
import Synchronization
import Testing

/// Two players taking strict turns, like SwiftUI's main and render threads.
private final class TurnTaking: @unchecked Sendable {
    private let condition = NSCondition()
    private var turn = 0

    func wait(for player: Int) {
        condition.lock()
        while turn != player { condition.wait() }
        condition.unlock()
    }

    func pass(to player: Int) {
        condition.lock()
        turn = player
        condition.broadcast()
        condition.unlock()
    }
}

/// How many worker threads have finished, for a thread that runs until they all have.
private final class FinishedWorkers: Sendable {
    let count = Atomic<Int>(0)
}

/// Counts checks and mismatches from several threads.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var checks = 0
    private var failures: [String] = []

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        lock.withLock {
            checks += 1
            if !condition && failures.count < 20 { failures.append(message()) }
        }
    }

    var checkCount: Int { lock.withLock { checks } }
    var failureMessages: [String] { lock.withLock { failures } }
}

/// Values an effect saw; touched only under the graph's lock or after the threads were joined.
private final class EffectLog: @unchecked Sendable {
    var values: [Int] = []
}

/// Runs `body` on a new thread; the returned semaphore is signalled when it finishes.
private func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.name = name
    thread.start()
    return done
}

/// Issue 2, item 6: one graph shared by a "main" and a "render" thread that take turns under
/// `graph.withLock`. Run with `swift test --sanitize=thread --filter ThreadTests`.
@Suite struct ThreadTests {
    /// Two threads strictly alternate: the main thread writes one input and reads, the render thread
    /// reads, writes the other input, reads again and flushes an effect; every value is checked.
    @Test func mainAndRenderThreadsAlternateUnderLock() {
        let iterations = 2_000
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(0, name: "a")
        let b = graph.input(0, name: "b")
        let sum = graph.rule(name: "sum") { a.value + b.value }
        let scaled = graph.rule(name: "scaled") { sum.value * 2 }
        let log = EffectLog()
        let effect = graph.effect(name: "present") { log.values.append(scaled.value) }
        let turns = TurnTaking()
        let tally = Tally()

        let main = spawn("main") {
            for i in 0 ..< iterations {
                turns.wait(for: 0)
                graph.withLock {
                    a.value = i
                    let expected = 2 * (i + max(i - 1, 0))
                    let seen = graph.withLock { scaled.value }  // the lock is re-entrant
                    tally.check(seen == expected, "main \(i): scaled \(seen) != \(expected)")
                }
                turns.pass(to: 1)
            }
        }
        let render = spawn("render") {
            for i in 0 ..< iterations {
                turns.wait(for: 1)
                graph.withLock {
                    let before = sum.value
                    tally.check(before == i + max(i - 1, 0), "render \(i): sum \(before)")
                    b.value = i
                    let after = scaled.value
                    tally.check(after == 4 * i, "render \(i): scaled \(after) != \(4 * i)")
                    graph.flush()
                }
                turns.pass(to: 0)
            }
        }
        main.wait()
        render.wait()

        #expect(tally.failureMessages.isEmpty)
        #expect(tally.checkCount == 3 * iterations)
        graph.withLock {
            #expect(scaled.value == 4 * (iterations - 1))
            #expect(log.values == [0] + (1 ..< iterations).map { 4 * $0 })
            #expect(graph.evaluations(of: sum) == 1 + 2 * (iterations - 1), "once per changed write")
            #expect(graph.evaluations(of: effect) == iterations)
            effect.cancel()
        }
    }

    /// Two threads contend freely for the lock, each writing its own input and reading a shared
    /// rule; every read inside the lock is consistent with the inputs at that moment.
    @Test func contendingThreadsSeeConsistentValues() {
        let iterations = 5_000
        let graph = Graph()
        let left = graph.input(0, name: "left")
        let right = graph.input(0, name: "right")
        let total = graph.rule(name: "total") { left.value * 1_000_000 + right.value }
        let parity = graph.rule(name: "parity") { total.value % 2 }
        let tally = Tally()

        func worker(_ input: Input<Int>, _ name: String) -> DispatchSemaphore {
            spawn(name) {
                for i in 1 ... iterations {
                    graph.withLock {
                        graph.batch { input.value = i }
                        let expected = left.value * 1_000_000 + right.value
                        tally.check(total.value == expected, "\(name) \(i): total \(total.value) != \(expected)")
                        tally.check(parity.value == expected % 2, "\(name) \(i): parity")
                    }
                }
            }
        }
        let first = worker(left, "left")
        let second = worker(right, "right")
        first.wait()
        second.wait()

        #expect(tally.failureMessages.isEmpty)
        #expect(tally.checkCount == 4 * iterations)
        graph.withLock {
            #expect(total.value == iterations * 1_000_000 + iterations)
            #expect(parity.value == iterations % 2)
            #expect(graph.statistics.inputChanges == 2 * iterations)
        }
    }

    /// Graphs made and dropped on two threads at once: their input pages and rule chunks pass
    /// through the process-wide pool (`BlockPool`) from either thread, and every value stays right.
    @Test func graphsOnTwoThreadsShareThePoolOfPagesAndChunks() {
        let rounds = 40
        let tally = Tally()

        func worker(_ name: String, offset: Int) -> DispatchSemaphore {
            spawn(name) {
                for round in 0 ..< rounds {
                    // More than a page of inputs (128) and several chunks of rules (32 each).
                    let graph = Graph()
                    let inputs = (0 ..< 300).map { graph.input(offset + round + $0) }
                    let pairs = (0 ..< 150).map { i in graph.rule { inputs[2 * i].value + inputs[2 * i + 1].value } }
                    let total = graph.rule { pairs.reduce(0) { $0 + $1.value } }
                    let expected = (0 ..< 300).reduce(0) { $0 + offset + round + $1 }
                    tally.check(total.value == expected, "\(name) round \(round): \(total.value) != \(expected)")
                    graph.batch { inputs[0].value += 1 }
                    tally.check(total.value == expected + 1, "\(name) round \(round): after a write")
                }
            }
        }
        let first = worker("first", offset: 0)
        let second = worker("second", offset: 1_000)
        first.wait()
        second.wait()

        #expect(tally.failureMessages.isEmpty)
        #expect(tally.checkCount == 4 * rounds)
    }

    /// Effect handles hold their graph's anchor, which a later graph may take once the graph is
    /// gone (see `GraphAnchor.swift`). Handles of gone graphs, asked and cancelled on one thread,
    /// must not touch the graphs that two other threads make, use and drop meanwhile (each under no
    /// lock of the first thread's): they stay inactive, the workers' effects run as they should,
    /// and the thread sanitizer (`.ci/run`) sees no race.
    @Test func handlesOfGoneGraphsLeaveTheGraphsThatReuseTheirAnchorsAlone() {
        var stale: [Effect] = []
        for round in 0 ..< 8 {
            let graph = Graph()
            let input = graph.input(round)
            stale.append(graph.effect { _ = input.value })
        }
        let handles = stale
        let rounds = 200
        let tally = Tally()
        let finished = FinishedWorkers()

        func worker(_ name: String) -> DispatchSemaphore {
            spawn(name) {
                for round in 0 ..< rounds {
                    let graph = Graph()
                    let input = graph.input(0)
                    var runs = 0
                    let effect = graph.effect { runs += input.value }
                    input.value = round
                    graph.flush()
                    tally.check(runs == round && effect.isActive, "\(name) round \(round): the effect saw \(runs)")
                    effect.cancel()
                    tally.check(!effect.isActive, "\(name) round \(round): cancelled, still active")
                }
                finished.count.add(1, ordering: .releasing)
            }
        }
        let checker = spawn("stale handles") {
            // At least once, even if the workers are done before this thread starts.
            repeat {
                for handle in handles {
                    tally.check(!handle.isActive && handle.name == "<destroyed Effect node>", "a gone graph's handle is active")
                    handle.cancel()
                }
            } while finished.count.load(ordering: .acquiring) < 2
        }
        let first = worker("first")
        let second = worker("second")
        first.wait()
        second.wait()
        checker.wait()

        #expect(tally.failureMessages.isEmpty)
        #expect(tally.checkCount >= 4 * rounds + handles.count)
    }
}
