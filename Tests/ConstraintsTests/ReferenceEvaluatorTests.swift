import Constraints
import Reproductions
import Testing

/// Hudson's algorithm as the textbook states it, written as plainly as possible: recursive, one
/// dirty bit per node, the pending test on two clocks, no lanes; with AttributeGraph's main-thread
/// flag carried by the mark, and effects run by a flush. The engine must make exactly the same
/// decisions, so it is checked against this on values, evaluations, marks and flags.
final class ReferenceEvaluator {
    let definitions: [Definition]
    /// Per node: whether it is an effect (run by `flush()`, never read, never a change), and
    /// whether its closure requires the main thread.
    let isEffect: [Bool]
    let requiresMainThread: [Bool]
    private(set) var values: [Int]
    private(set) var dirty: [Bool]
    /// The main-thread flag: a dirty node requiring the main thread is at or above this one.
    private(set) var mainThread: [Bool]
    private(set) var hasRun: [Bool]
    private var changedAt: [Int]
    private var ranAt: [Int]
    /// Input edges in first-read order, and the readers of each node.
    private var inputs: [[Int]]
    private var readers: [Set<Int>]
    private var clock = 0
    private(set) var evaluations = 0
    private(set) var runs: [Int]
    private(set) var marks = 0

    init(definitions: [Definition], inputValues: [Int], isEffect: [Bool]? = nil, requiresMainThread: [Bool]? = nil) {
        let count = definitions.count
        self.definitions = definitions
        self.isEffect = isEffect ?? Array(repeating: false, count: count)
        self.requiresMainThread = requiresMainThread ?? Array(repeating: false, count: count)
        values = inputValues + Array(repeating: 0, count: count - inputValues.count)
        dirty = Array(repeating: false, count: count)
        mainThread = Array(repeating: false, count: count)
        hasRun = Array(repeating: false, count: count)
        changedAt = Array(repeating: 0, count: count)
        ranAt = Array(repeating: 0, count: count)
        inputs = Array(repeating: [], count: count)
        readers = Array(repeating: [], count: count)
        runs = Array(repeating: 0, count: count)
    }

    /// An input's value changed: tick the clock and mark everything below it.
    func inputChanged(_ input: Int, to value: Int) {
        values[input] = value
        clock += 1
        changedAt[input] = clock
        mark(readersOf: input, carryingMainThread: false)
    }

    /// Marks the readers of `node` out of date, and everything below them. Below a node that
    /// requires the main thread, the main-thread flag comes along, also to nodes already marked.
    private func mark(readersOf node: Int, carryingMainThread carries: Bool) {
        for reader in readers[node] {
            if !dirty[reader] {
                dirty[reader] = true
                marks += 1
                let carriesHere = carries || requiresMainThread[reader]
                if carriesHere { mainThread[reader] = true }
                mark(readersOf: reader, carryingMainThread: carriesHere)
            } else if carries && !mainThread[reader] {
                mainThread[reader] = true
                mark(readersOf: reader, carryingMainThread: true)
            }
        }
    }

    /// Runs, in creation order, every effect that is out of date or never ran, as `flush()` does
    /// (an effect runs when made; these effects write nothing, so one round does).
    func flush() {
        for node in definitions.indices where isEffect[node] && (dirty[node] || !hasRun[node]) { evaluate(node) }
    }

    /// Brings `node` up to date and returns its value.
    func read(_ node: Int) -> Int {
        guard case .input = definitions[node] else {
            evaluate(node)
            return values[node]
        }
        return values[node]
    }

    private func evaluate(_ node: Int) {
        if !hasRun[node] { return run(node) }
        guard dirty[node] else { return }
        for input in inputs[node] {
            if case .input = definitions[input] {} else { evaluate(input) }
            if changedAt[input] > ranAt[node] { return run(node) }
        }
        dirty[node] = false
        mainThread[node] = false
    }

    private func run(_ node: Int) {
        var reads: [Int] = []
        let value = definitions[node].evaluate { source in
            if !reads.contains(source) { reads.append(source) }
            return read(source)
        }
        for old in inputs[node] { readers[old].remove(node) }
        for new in reads { readers[new].insert(node) }
        inputs[node] = reads
        evaluations += 1
        runs[node] += 1
        dirty[node] = false
        mainThread[node] = false
        ranAt[node] = clock
        if !isEffect[node] && (!hasRun[node] || value != values[node]) {
            clock += 1
            changedAt[node] = clock
        }
        hasRun[node] = true
        values[node] = value
    }
}

/// Random graphs shaped like the ones the lanes serve: chains (a rule reading the node before it),
/// fan-outs (many rules reading one hub), sums over many nodes, and conditional reads.
func laneShapedDefinitions(inputCount: Int, ruleCount: Int, using rng: inout SplitMix64) -> [Definition] {
    let hubs = (0 ..< 3).map { _ in rng.int(0 ..< inputCount + 4) }
    return (0 ..< inputCount + ruleCount).map { index in
        if index < inputCount { return .input }
        let roll = rng.int(0 ..< 100)
        let modulus = rng.chance(50) ? rng.int(3 ..< 6) : 1_000
        switch roll {
        case ..<40:
            return .combine(sources: [index - 1], multiplier: 1, offset: rng.int(0 ..< 2), modulus: modulus)
        case ..<60:
            let hub = min(hubs[rng.int(0 ..< hubs.count)], index - 1)
            return .combine(sources: [hub], multiplier: rng.int(1 ..< 4), offset: rng.int(0 ..< 3), modulus: modulus)
        case ..<75:
            let sources = (0 ..< rng.int(3 ..< 12)).map { _ in rng.int(0 ..< index) }
            return .combine(sources: sources, multiplier: 1, offset: 0, modulus: modulus)
        case ..<90:
            return .choose(condition: rng.int(0 ..< index), whenEven: index - 1, whenOdd: rng.int(0 ..< index),
                           offset: rng.int(0 ..< 3))
        default:
            return Definition.random(index: index, inputCount: inputCount, using: &rng)
        }
    }
}

@Suite struct ReferenceEvaluatorTests {
    /// The engine and the reference evaluator, given the same random graph (some of whose rules
    /// and effects require the main thread), writes, reads and flushes, agree after every step on
    /// every value read and every value an effect saw, on the number of evaluations and marks, on
    /// which nodes are out of date and which carry the main-thread flag, and on whether pending
    /// effects may run off the main thread; with per-node statistics on, on each rule's
    /// evaluations too.
    @Test(arguments: [7, 8, 9, 10, 11, 12, 13, 14] as [UInt64], [false, true])
    func engineMatchesReferenceEvaluator(seed: UInt64, recordsNodeStatistics: Bool) {
        var rng = SplitMix64(seed: seed)
        let inputCount = rng.int(2 ..< 6)
        var definitions = laneShapedDefinitions(inputCount: inputCount, ruleCount: rng.int(40 ..< 120), using: &rng)
        let inputValues = (0 ..< inputCount).map { _ in rng.int(0 ..< 4) }
        // Effects come last, reading rules and inputs (mostly the last rules, the tails of chains).
        let ruleEnd = definitions.count
        for _ in 0 ..< rng.int(2 ..< 7) {
            let sources = (0 ..< rng.int(1 ..< 4)).map { _ in rng.chance(60) ? rng.int(max(inputCount, ruleEnd - 10) ..< ruleEnd) : rng.int(0 ..< ruleEnd) }
            definitions.append(.combine(sources: sources, multiplier: 1, offset: 0, modulus: 1_000))
        }
        let isEffect = definitions.indices.map { $0 >= ruleEnd }
        let requiresMainThread = definitions.indices.map { $0 >= inputCount && rng.chance($0 >= ruleEnd ? 30 : 8) }
        let reference = ReferenceEvaluator(
            definitions: definitions, inputValues: inputValues, isEffect: isEffect, requiresMainThread: requiresMainThread
        )

        let graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
        var inputs: [Input<Int>] = []
        var rules: [Int: Rule<Int>] = [:]
        var read: (Int) -> Int = { _ in 0 }
        for (index, definition) in definitions.enumerated() where !isEffect[index] {
            if index < inputCount {
                inputs.append(graph.input(inputValues[index]))
            } else {
                rules[index] = graph.rule(requiresMainThread: requiresMainThread[index]) { definition.evaluate { read($0) } }
            }
        }
        read = { index in index < inputCount ? inputs[index].value : rules[index]!.value }
        // What each effect saw when it last ran.
        final class Seen { var values: [Int: Int] = [:] }
        let seen = Seen()
        var effects: [Int: Effect] = [:]
        for index in ruleEnd ..< definitions.count {
            let definition = definitions[index]
            effects[index] = graph.effect(requiresMainThread: requiresMainThread[index]) {
                seen.values[index] = definition.evaluate { read($0) }
            }
        }
        reference.flush()
        func state(of index: Int) -> ValueState {
            index < inputCount ? inputs[index].state : isEffect[index] ? effects[index]!.state : rules[index]!.state
        }

        var problems: [String] = []
        var mainThreadFlags = 0
        for step in 0 ..< 200 where problems.isEmpty {
            // Writes, one by one or in a batch (the reference sees the batch's net changes in the
            // order the inputs were first written, as the engine commits them).
            let writes = (0 ..< rng.int(1 ..< 4)).map { _ in (rng.int(0 ..< inputCount), rng.int(0 ..< 4)) }
            if rng.chance(40) {
                var before: [Int: Int] = [:]
                var order: [Int] = []
                graph.batch {
                    for (input, value) in writes {
                        if before[input] == nil { before[input] = reference.values[input]; order.append(input) }
                        inputs[input].value = value
                    }
                }
                var final: [Int: Int] = [:]
                for (input, value) in writes { final[input] = value }
                for input in order where final[input] != before[input] { reference.inputChanged(input, to: final[input]!) }
            } else {
                for (input, value) in writes where reference.values[input] != value {
                    inputs[input].value = value
                    reference.inputChanged(input, to: value)
                }
            }
            // Reads: mostly the last rules (the tails of chains), sometimes anything.
            for _ in 0 ..< rng.int(0 ..< 4) {
                let node = rng.chance(60) ? rng.int(max(inputCount, ruleEnd - 10) ..< ruleEnd) : rng.int(0 ..< ruleEnd)
                let expected = reference.read(node)
                let actual = read(node)
                if actual != expected { problems.append("step \(step): n\(node) is \(actual), reference \(expected)") }
            }
            if graph.statistics.evaluations != reference.evaluations {
                problems.append("step \(step): \(graph.statistics.evaluations) evaluations, reference \(reference.evaluations)")
            }
            if rng.chance(50) {
                graph.flush()
                reference.flush()
                for index in ruleEnd ..< definitions.count where seen.values[index] != reference.values[index] {
                    problems.append("step \(step): effect n\(index) saw \(seen.values[index] ?? -1), reference \(reference.values[index])")
                }
            }
            if graph.statistics.marks != reference.marks {
                problems.append("step \(step): \(graph.statistics.marks) marks, reference \(reference.marks)")
            }
            for index in inputCount ..< definitions.count where reference.hasRun[index] {
                let state = state(of: index)
                if state.contains(.dirty) != reference.dirty[index] {
                    problems.append("step \(step): n\(index) dirty is \(state.contains(.dirty)), reference \(reference.dirty[index])")
                }
                if state.contains(.mainThread) != reference.mainThread[index] {
                    problems.append("step \(step): n\(index) main-thread flag is \(state.contains(.mainThread)), reference \(reference.mainThread[index])")
                }
            }
            mainThreadFlags += reference.mainThread.filter { $0 }.count
            let effectsMayRunOffMain = !(ruleEnd ..< definitions.count).contains { reference.dirty[$0] && reference.mainThread[$0] }
            if graph.pendingEffectsAllowAsyncUpdate != effectsMayRunOffMain {
                problems.append("step \(step): pending effects allow async update: \(graph.pendingEffectsAllowAsyncUpdate), reference \(effectsMayRunOffMain)")
            }
            if recordsNodeStatistics {
                for (index, rule) in rules where graph.statistics(of: rule)?.evaluations != reference.runs[index] {
                    problems.append("step \(step): n\(index) ran \(graph.statistics(of: rule)?.evaluations ?? -1) times, reference \(reference.runs[index])")
                }
            }
        }
        #expect(problems.isEmpty, "seed \(seed):\n\(problems.prefix(10).joined(separator: "\n"))")
        #expect(reference.evaluations > 100, "the random steps evaluated enough")
        #expect(mainThreadFlags > 0, "marks carried the main-thread flag")
    }
}
