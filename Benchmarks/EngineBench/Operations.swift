import Constraints

// The engine's lifecycle operations, one at a time, through the public API: what a node's life and
// a small update with an effect cost, where the timed workloads measure propagation. Each is
// counted by `engine-bench instructions` as instructions per operation (N and 2N operations under
// callgrind, the difference divided by N), so that the figures are generated, not pasted.

/// Graphs an operation leaves alive, so that their teardown is not part of what is counted.
nonisolated(unsafe) private var keptAlive: [Graph] = []

/// What an effect adds up, kept outside its closure: a captured `var` would be checked for
/// exclusive access at every use, which the operations must not count as the engine's work.
private final class Tally {
    @exclusivity(unchecked) var sum = 0
}

/// A function that calls its argument, unknown to the optimizer: a floor takes it once and calls
/// its closures through it, so that a closure is made as an effect's is (its context allocated, as
/// the callee could keep it) and called as a stored one is, not inlined where it is made. (Passed
/// to an unoptimized function directly, a closure's context went on the stack.)
@inline(never) @_optimize(none)
private func opaqueCaller() -> (@escaping () -> Void) -> Void { { $0() } }

/// One lifecycle operation, repeated: `run(n)` builds what the operation needs, performs it `n`
/// times and returns a checksum; `check(n, checksum)` says what is wrong with the result, or `nil`.
struct OperationWorkload {
    let name: String
    let summary: String
    /// Builds the graph and performs the operation `n` times; returns a checksum of what it saw.
    let run: (_ n: Int) -> Int
    /// A description of what is wrong if `checksum` is not what `n` operations must give, or `nil`.
    let check: (_ n: Int, _ checksum: Int) -> String?
    /// The same operation in plain Swift, without the engine, `n` times, returning the checksum that
    /// ``check`` expects: what the operation cannot cost less than in Swift. `nil` where no plain
    /// code does the same.
    var floor: ((_ n: Int) -> Int)? = nil

    /// Every operation workload, in report order.
    static var all: [OperationWorkload] {
        [batchAndFlush, createAndCancelEffect, createAndCancelEffectOfWideInput, createAndCancelEffectInLargeSubgraph, cancelQueuedEffect, destroyWrittenRow, repeatedRead, createInput, rowOfOneRule, rowOfOneBodyRule]
    }

    /// The names of the operations that have a plain-Swift ``floor``, comma-separated, in report
    /// order.
    static var namesWithFloors: String {
        all.filter { $0.floor != nil }.map(\.name).joined(separator: ", ")
    }

    /// The sum `0 + 1 + … + (n − 1)`.
    fileprivate static func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }

    /// A batch writing one input, then a flush running the one effect that reads it
    /// (js-reactivity-benchmark's `update1to1`).
    static var batchAndFlush: OperationWorkload {
        OperationWorkload(
            name: "op-batch-flush",
            summary: "a batch writing one input, then a flush running the one effect reading it",
            run: { n in
                let graph = Graph()
                let input = graph.input(-1, name: "input")
                let seen = Tally()
                let effect = graph.effect { seen.sum &+= input.value }
                for value in 0 ..< n {
                    graph.batch { input.value = value }
                    graph.flush()
                }
                effect.cancel()
                return seen.sum + 1  // the effect's first run saw -1
            },
            check: { n, checksum in
                checksum == triangle(n) ? nil : "the effect saw a sum of \(checksum), not \(triangle(n))"
            },
            // A write to a stored value and a call of a stored closure that reads it.
            floor: { n in
                let input = Cell(-1)
                let seen = Tally()
                let effect = { seen.sum &+= input.value }
                let call = opaqueCaller()
                call(effect)
                for value in 0 ..< n {
                    input.value = value
                    call(effect)
                }
                return seen.sum + 1
            }
        )
    }

    /// Making an effect that reads one input (it runs once) and cancelling it
    /// (js-reactivity-benchmark's `create1to1` with its cleanup).
    static var createAndCancelEffect: OperationWorkload {
        OperationWorkload(
            name: "op-create-cancel-effect",
            summary: "make an effect reading one input (it runs once), then cancel it",
            run: { n in
                let graph = Graph()
                let input = graph.input(1, name: "input")
                let seen = Tally()
                for _ in 0 ..< n {
                    graph.effect { seen.sum &+= input.value }.cancel()
                }
                return seen.sum &+ graph.nodeCount &- 1
            },
            check: { n, checksum in
                checksum == n ? nil : "the effects saw \(checksum) (with the nodes left over), not \(n)"
            },
            floor: closureLife
        )
    }

    /// The floor of making and cancelling an effect: the life of its closure alone, made (its
    /// context allocated, capturing the tally and the input's value by address, as an input handle
    /// holds it), called once and released. An engine must also store the closure, which this
    /// floor does not count.
    private static func closureLife(_ n: Int) -> Int {
        let input = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        input.initialize(to: 1)
        defer { input.deallocate() }
        let seen = Tally()
        let call = opaqueCaller()
        for _ in 0 ..< n { call { seen.sum &+= input.pointee } }
        return seen.sum
    }

    /// ``createAndCancelEffect`` on an input that 1,000 other effects read, so that cancelling must
    /// not search the input's readers (js-reactivity-benchmark's `create1to1000` with its cleanup).
    static var createAndCancelEffectOfWideInput: OperationWorkload {
        OperationWorkload(
            name: "op-create-cancel-effect-wide",
            summary: "make an effect reading an input that 1,000 effects read, then cancel it",
            run: { n in
                let graph = Graph()
                let input = graph.input(1, name: "input")
                let others = (0 ..< 1_000).map { _ in graph.effect { _ = input.value } }
                let seen = Tally()
                for _ in 0 ..< n {
                    graph.effect { seen.sum &+= input.value }.cancel()
                }
                return seen.sum &+ graph.nodeCount &- 1 &- others.count
            },
            check: { n, checksum in
                checksum == n ? nil : "the effects saw \(checksum) (with the nodes left over), not \(n)"
            },
            floor: closureLife
        )
    }

    /// ``createAndCancelEffect`` in a subgraph that holds 1,000 other nodes, as a list row's effect
    /// lives among the row's nodes, so that cancelling must not search the subgraph's members. Each
    /// operation cancels the effect the operation before it made, no longer the subgraph's newest
    /// member, so that it leaves a vacancy (and now and then the members close ranks).
    static var createAndCancelEffectInLargeSubgraph: OperationWorkload {
        OperationWorkload(
            name: "op-create-cancel-effect-in-subgraph",
            summary: "make an effect in a subgraph of 1,000 other nodes, reading one input, then cancel the one made before it",
            run: { n in
                let graph = Graph()
                // Each effect reads the input the one before it does not, so that, as in
                // op-create-cancel-effect, every input has one reader at most; and the other
                // members read an input of their own: only the subgraph differs.
                let inputs = [graph.input(1, name: "even"), graph.input(1, name: "odd")]
                let row = graph.makeSubgraph(name: "row")
                let seen = Tally()
                let theirs = graph.input(0, name: "theirs")
                let others = row.withCurrent { (0 ..< 1_000).map { _ in graph.effect { _ = theirs.value } } }
                row.withCurrent {
                    let first = inputs[0]
                    var previous = graph.effect { seen.sum &+= first.value }
                    for index in 1 ... n {
                        let input = inputs[index & 1]
                        let made = graph.effect { seen.sum &+= input.value }
                        previous.cancel()
                        previous = made
                    }
                    previous.cancel()
                }
                precondition(row.nodeCount == others.count, "engine-bench: cancelled effects stayed in their subgraph")
                // The first effect's run is not one of the n operations.
                return seen.sum &- 1 &+ graph.nodeCount &- 3 &- others.count
            },
            check: { n, checksum in
                checksum == n ? nil : "the effects saw \(checksum) (with the nodes left over), not \(n)"
            },
            floor: closureLife
        )
    }

    /// Cancelling an effect that waits for the flush, among 1,000 others that wait too, as a list's
    /// rows go with their effects queued: cancelling must not search the queue. Each operation makes
    /// an effect reading one input (it runs once), writes the input, which queues the effect, and
    /// cancels it.
    static var cancelQueuedEffect: OperationWorkload {
        OperationWorkload(
            name: "op-cancel-queued-effect",
            summary: "make an effect reading one input, write the input (queuing it) and cancel it, with 1,000 effects queued",
            run: { n in
                let graph = Graph()
                let input = graph.input(0, name: "input")
                let theirs = graph.input(0, name: "theirs")
                let ran = Tally()
                let others = (0 ..< 1_000).map { _ in graph.effect { ran.sum &+= theirs.value } }
                theirs.value = 1
                let seen = Tally()
                for value in 1 ... n {
                    let effect = graph.effect { seen.sum &+= input.value }
                    input.value = value
                    effect.cancel()
                }
                // The queued others run once more, and see the write that queued them.
                graph.flush()
                precondition(ran.sum == others.count && !graph.hasPendingEffects, "engine-bench: the queued effects ran \(ran.sum) times, not \(others.count)")
                return seen.sum &+ graph.nodeCount &- 2 &- others.count
            },
            check: { n, checksum in
                checksum == triangle(n) ? nil : "the effects saw a sum of \(checksum) (with the nodes left over), not \(triangle(n))"
            }
        )
    }

    /// A list row destroyed in the batch that wrote its input, beside 1,000 other inputs written in
    /// that batch: destroying an input must not search the batch's staged writes. One batch holds
    /// every operation, each making a subgraph with an input in it, writing the input and
    /// destroying the subgraph; the batch's end commits the others' writes, which a rule adds up.
    static var destroyWrittenRow: OperationWorkload {
        OperationWorkload(
            name: "op-destroy-written-row",
            summary: "make a subgraph with an input, write the input, destroy the subgraph, in a batch with 1,000 other inputs written",
            run: { n in
                let graph = Graph()
                let others = (0 ..< 1_000).map { graph.input($0, name: "other") }
                let total = graph.rule(name: "total") { others.reduce(0) { $0 &+ $1.value } }
                _ = total.value
                var lastStaged = 0
                graph.batch {
                    for (index, other) in others.enumerated() { other.value = index + 1 }
                    for value in 1 ... n {
                        let row = graph.makeSubgraph(name: "row")
                        let input = row.withCurrent { graph.input(0, name: "cell") }
                        input.value = value
                        // Inside the batch, a read gives the staged value: the write was made.
                        if value == n { lastStaged = input.value }
                        row.destroy()
                    }
                }
                precondition(graph.nodeCount == others.count + 1, "engine-bench: a destroyed row left nodes behind")
                keptAlive.append(graph)
                return total.value &+ lastStaged
            },
            check: { n, checksum in
                let expected = triangle(1_001) + n
                return checksum == expected ? nil : "the others' committed values and the last row's staged one summed \(checksum), not \(expected)"
            }
        )
    }

    /// A read of an input that the running rule read before in the same run
    /// (js-reactivity-benchmark's `repeatedObservers`): one run of a rule reading its input `n + 1`
    /// times, so that the difference between `n` and `2n` is `n` repeated reads.
    static var repeatedRead: OperationWorkload {
        OperationWorkload(
            name: "op-repeated-read",
            summary: "a read of an input the running rule already read in this run",
            run: { n in
                let graph = Graph()
                let input = graph.input(0, name: "input")
                let reads = Tally()
                reads.sum = 1
                let rule = graph.rule(name: "sum") {
                    var sum = 0
                    for _ in 0 ..< reads.sum { sum &+= input.value }
                    return sum
                }
                _ = rule.value
                reads.sum = n + 1
                input.value = 1
                return rule.value
            },
            check: { n, checksum in
                checksum == n + 1 ? nil : "the rule summed \(checksum), not \(n + 1)"
            }
        )
    }

    /// Making an input (js-reactivity-benchmark's `createSignals`).
    static var createInput: OperationWorkload {
        OperationWorkload(
            name: "op-create-input",
            summary: "make an input",
            run: { n in
                let graph = Graph()
                var inputs: [Input<Int>] = []
                inputs.reserveCapacity(n)
                for value in 0 ..< n { inputs.append(graph.input(value)) }
                keptAlive.append(graph)  // so that tearing the graph down is not counted
                return inputs.reduce(0) { $0 &+ $1.value }
            },
            check: { n, checksum in
                checksum == triangle(n) ? nil : "the inputs sum to \(checksum), not \(triangle(n))"
            },
            // The values stored in an array.
            floor: { n in
                var values: [Int] = []
                values.reserveCapacity(n)
                for value in 0 ..< n { values.append(value) }
                blackHole(values)  // so that the optimizer cannot sum the values without storing them
                return values.reduce(0, &+)
            }
        )
    }

    /// A rule's whole life in a subgraph of its own, as a list row's nodes live: the subgraph made,
    /// a rule reading one input made in it and read once, then the subgraph destroyed, which
    /// destroys the rule (its body and value dropped, its edge removed).
    static var rowOfOneRule: OperationWorkload {
        OperationWorkload(
            name: "op-row-of-one-rule",
            summary: "make a subgraph, a rule in it reading one input, read the rule, destroy the subgraph",
            run: { n in
                let graph = Graph()
                let input = graph.input(1, name: "input")
                var sum = 0
                for _ in 0 ..< n {
                    let row = graph.makeSubgraph(name: "row")
                    let rule = row.withCurrent { graph.rule(name: "cell") { input.value + 1 } }
                    sum &+= rule.value
                    row.destroy()
                }
                precondition(graph.nodeCount == 1, "engine-bench: a destroyed row left nodes behind")
                keptAlive.append(graph)
                return sum
            },
            check: { n, checksum in
                checksum == 2 * n ? nil : "the rules summed \(checksum), not \(2 * n)"
            }
        )
    }

    /// ``rowOfOneRule`` with the rule's body stored in its entry (``RuleBody``) rather than in a
    /// closure's context: the difference is what a closure's life adds to a rule's. Written out
    /// rather than shared with ``rowOfOneRule``: through a shared helper, each operation made its
    /// rule with an indirect call, about 20 instructions more in both counts.
    static var rowOfOneBodyRule: OperationWorkload {
        OperationWorkload(
            name: "op-row-of-one-body-rule",
            summary: "op-row-of-one-rule with the rule's body stored in its entry (RuleBody), not a closure",
            run: { n in
                let graph = Graph()
                let input = graph.input(1, name: "input")
                var sum = 0
                for _ in 0 ..< n {
                    let row = graph.makeSubgraph(name: "row")
                    let rule = row.withCurrent { graph.rule(name: "cell", body: Increment(input: input)) }
                    sum &+= rule.value
                    row.destroy()
                }
                precondition(graph.nodeCount == 1, "engine-bench: a destroyed row left nodes behind")
                keptAlive.append(graph)
                return sum
            },
            check: { n, checksum in
                checksum == 2 * n ? nil : "the rules summed \(checksum), not \(2 * n)"
            }
        )
    }
}

/// The body of ``OperationWorkload/rowOfOneBodyRule``'s rule: its input plus one.
private struct Increment: RuleBody {
    let input: Input<Int>
    var value: Int { input.value + 1 }
}
