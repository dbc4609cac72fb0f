import Constraints
import Reproductions
import Testing

/// Draws for the random graphs of the engine's tests, from the package's one seeded generator.
extension SplitMix64 {
    /// A number in `range` (slightly biased for huge ranges, irrelevant here).
    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0 ..< 100) < percent }
}

/// What a node of the random DAG computes. Rules only read nodes with smaller indices.
enum Definition {
    case input
    /// `(sum of the sources' values * multiplier + offset) % modulus`; sources may repeat.
    case combine(sources: [Int], multiplier: Int, offset: Int, modulus: Int)
    /// Reads `condition`, then `whenEven` or `whenOdd` depending on its parity: a conditional read.
    case choose(condition: Int, whenEven: Int, whenOdd: Int, offset: Int)

    /// Evaluates the definition, reading other nodes through `read`. Shared by the engine's
    /// closures and the reference evaluator, so both compute the same function.
    func evaluate(_ read: (Int) -> Int) -> Int {
        switch self {
        case .input:
            preconditionFailure("inputs are not evaluated")
        case let .combine(sources, multiplier, offset, modulus):
            var sum = 0
            for source in sources { sum += read(source) }
            return (sum * multiplier + offset) % modulus
        case let .choose(condition, whenEven, whenOdd, offset):
            let chosen = read(condition) % 2 == 0 ? read(whenEven) : read(whenOdd)
            return (chosen + offset) % 7
        }
    }

    static func random(index: Int, inputCount: Int, using rng: inout SplitMix64) -> Definition {
        if index < inputCount { return .input }
        func source() -> Int {
            // Mostly recent nodes, for depth; sometimes anything earlier, for fan-in from far away.
            rng.chance(60) ? rng.int(max(0, index - 8) ..< index) : rng.int(0 ..< index)
        }
        if rng.chance(30) {
            return .choose(condition: source(), whenEven: source(), whenOdd: source(), offset: rng.int(0 ..< 3))
        }
        let sources = (0 ..< rng.int(1 ..< 5)).map { _ in source() }
        return .combine(sources: sources, multiplier: rng.int(1 ..< 4), offset: rng.int(0 ..< 3), modulus: rng.int(3 ..< 8))
    }
}

/// The stored body of a model rule (``RuleBody``): runs the model's computation of rule `index`.
private struct ModelRuleBody: RuleBody {
    unowned let model: DifferentialModel
    let index: Int
    var value: Int { model.run(index) }
}

/// The engine side of the differential test: the graph built from the definitions, plus
/// bookkeeping of every closure run (what it read, when, whether its value changed) kept
/// independently of the engine. Half of the rules are made from closures, half from stored
/// bodies.
final class DifferentialModel {
    enum Handle {
        case input(Input<Int>)
        case rule(Rule<Int>)
    }

    let definitions: [Definition]
    let graph: Graph
    private(set) var handles: [Handle] = []
    /// Committed input values, as the engine should see them.
    var inputValues: [Int]

    // Bookkeeping, indexed by node.
    /// A logical clock ticking on every value change and every run.
    private(set) var clock = 0
    /// Clock at which the node's value last changed (inputs: committed writes; rules: runs whose
    /// result differed, or the first run).
    private(set) var changedAt: [Int]
    /// Clock at the end of the node's last run, or nil if it never ran.
    private(set) var ranAt: [Int?]
    /// Nodes read by the node's last run, in first-read order.
    private(set) var dependencies: [[Int]]
    private var lastValue: [Int?]
    private var readStack: [[Int]] = []

    /// Rules that ran during the current step, in order.
    private(set) var ranThisStep: [Int] = []
    /// How many runs were not justified by a changed dependency, and the first few of them.
    private(set) var violationCount = 0
    private(set) var violations: [String] = []

    /// `recordsNodeStatistics` keeps per-node counters, which only observe: both settings take the same paths.
    init(seed: UInt64, inputCount: Int, ruleCount: Int, recordsNodeStatistics: Bool) {
        graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
        var rng = SplitMix64(seed: seed)
        let count = inputCount + ruleCount
        definitions = (0 ..< count).map { Definition.random(index: $0, inputCount: inputCount, using: &rng) }
        inputValues = (0 ..< inputCount).map { _ in rng.int(0 ..< 4) }
        let requiresMainThread = (0 ..< count).map { _ in rng.chance(10) }
        changedAt = Array(repeating: 0, count: count)
        ranAt = Array(repeating: nil, count: count)
        dependencies = Array(repeating: [], count: count)
        lastValue = Array(repeating: nil, count: count)
        for index in 0 ..< count {
            if index < inputCount {
                handles.append(.input(graph.input(inputValues[index], name: "n\(index)")))
            } else if index.isMultiple(of: 2) {
                handles.append(.rule(graph.rule(name: "n\(index)", requiresMainThread: requiresMainThread[index]) { [unowned self] in
                    self.run(index)
                }))
            } else {
                // Every other rule keeps its computation as a stored body.
                let body = ModelRuleBody(model: self, index: index)
                handles.append(.rule(graph.rule(name: "n\(index)", requiresMainThread: requiresMainThread[index], body: body)))
            }
        }
    }

    var count: Int { definitions.count }
    var inputCount: Int { inputValues.count }

    func isRule(_ index: Int) -> Bool { index >= inputCount }

    func state(of index: Int) -> ValueState {
        switch handles[index] {
        case .input(let input): input.state
        case .rule(let rule): rule.state
        }
    }

    func id(of index: Int) -> Int32 {
        switch handles[index] {
        case .input(let input): input.id.index
        case .rule(let rule): rule.id.index
        }
    }

    /// Reads a node through the engine (records an edge when called from a closure).
    func read(_ index: Int) -> Int {
        if !readStack.isEmpty, !readStack[readStack.count - 1].contains(index) {
            readStack[readStack.count - 1].append(index)
        }
        switch handles[index] {
        case .input(let input): return input.value
        case .rule(let rule): return rule.value
        }
    }

    /// The closure (or stored body) of rule `index`: checks the run is justified, evaluates,
    /// records what it read.
    fileprivate func run(_ index: Int) -> Int {
        if let previous = ranAt[index] {
            let changed = dependencies[index].filter { changedAt[$0] > previous }
            if changed.isEmpty {
                violationCount += 1
                if violations.count < 10 {
                    violations.append("n\(index) ran although none of \(dependencies[index]) changed since it last ran")
                }
            }
        }
        ranThisStep.append(index)
        readStack.append([])
        let value = definitions[index].evaluate(read)
        let reads = readStack.removeLast()
        clock += 1
        if lastValue[index] != value {
            changedAt[index] = clock
            lastValue[index] = value
        }
        ranAt[index] = clock
        dependencies[index] = reads
        return value
    }

    func beginStep() {
        ranThisStep.removeAll()
    }

    /// Writes inputs, in a batch or one by one; updates the committed model values and the change
    /// clock the way the engine should (a batch compares against the values before it).
    func write(_ writes: [(input: Int, value: Int)], batched: Bool) {
        if batched {
            let before = inputValues
            graph.batch {
                for write in writes {
                    if case .input(let input) = handles[write.input] { input.value = write.value }
                }
            }
            for write in writes { inputValues[write.input] = write.value }
            for index in 0 ..< inputCount where inputValues[index] != before[index] {
                clock += 1
                changedAt[index] = clock
            }
        } else {
            for write in writes {
                if case .input(let input) = handles[write.input] { input.value = write.value }
                if inputValues[write.input] != write.value {
                    inputValues[write.input] = write.value
                    clock += 1
                    changedAt[write.input] = clock
                }
            }
        }
    }

    // MARK: Reference evaluation

    /// Values and dependency lists of every node, recomputed from scratch by a plain recursive
    /// evaluator over the same definitions.
    func reference() -> (values: [Int], dependencies: [[Int]]) {
        var memo: [Int?] = Array(repeating: nil, count: count)
        var readsOf: [[Int]] = Array(repeating: [], count: count)
        func value(_ index: Int) -> Int {
            if index < inputCount { return inputValues[index] }
            if let known = memo[index] { return known }
            var reads: [Int] = []
            let result = definitions[index].evaluate { source in
                if !reads.contains(source) { reads.append(source) }
                return value(source)
            }
            memo[index] = result
            readsOf[index] = reads
            return result
        }
        return ((0 ..< count).map(value), readsOf)
    }
}

/// Effects over a ``DifferentialModel``'s nodes: each sums a few nodes, and keeps what it saw.
final class DifferentialEffects {
    let definitions: [Definition]
    private(set) var effects: [Effect] = []
    /// Per effect: the value it computed when it last ran, and how many times it ran.
    private(set) var seen: [Int?]
    private(set) var runs: [Int]

    init(over model: DifferentialModel, using rng: inout SplitMix64) {
        definitions = (0 ..< rng.int(2 ..< 6)).map { _ in
            .combine(sources: (0 ..< rng.int(1 ..< 4)).map { _ in rng.int(0 ..< model.count) }, multiplier: 1, offset: 0, modulus: 1_000)
        }
        seen = Array(repeating: nil, count: definitions.count)
        runs = Array(repeating: 0, count: definitions.count)
        for (index, definition) in definitions.enumerated() {
            effects.append(model.graph.effect(name: "e\(index)", requiresMainThread: rng.chance(30)) { [unowned self, unowned model] in
                self.seen[index] = definition.evaluate(model.read)
                self.runs[index] += 1
            })
        }
    }
}

/// Issue 2, item 7: random DAGs with random fan-in, conditional reads, random batches of writes
/// and random reads, checked after every step against a from-scratch recomputation; some rules and
/// effects require the main thread, and effects run at random flushes.
@Suite struct DifferentialTests {
    /// After every step: every read value matches the reference; every rule that ran was affected
    /// (a dependency changed since its last run) and demanded (reachable from a node read in the
    /// step under the dynamic dependencies), and ran at most once; every clean rule holds the
    /// reference value and its recorded edges are exactly what its closure read. After the writes,
    /// every node with an out-of-date rule requiring the main thread above it may not be updated
    /// off the main thread. After a flush, every effect saw the reference values of what it reads,
    /// and ran at most once.
    @Test(arguments: [1, 2, 3, 42, 1234, 0xDEAD_BEEF] as [UInt64], [true, false])
    func randomGraphsMatchFromScratchRecomputation(seed: UInt64, recordsNodeStatistics: Bool) {
        var rng = SplitMix64(seed: seed &* 7919)
        let model = DifferentialModel(
            seed: seed, inputCount: rng.int(4 ..< 9), ruleCount: rng.int(25 ..< 45),
            recordsNodeStatistics: recordsNodeStatistics
        )
        let graph = model.graph
        let effects = DifferentialEffects(over: model, using: &rng)
        var problems: [String] = []
        func problem(_ step: Int, _ text: String) {
            if problems.count < 25 { problems.append("seed \(seed) step \(step): \(text)") }
        }
        var totalRuns = 0
        var totalReads = 0

        for step in 0 ..< 300 {
            model.beginStep()
            let evaluationsBefore = graph.statistics.evaluations

            // Random writes: one by one or in a batch; sometimes a write reverted within the batch.
            if !rng.chance(10) {
                var writes: [(input: Int, value: Int)] = (0 ..< rng.int(1 ..< 4)).map { _ in
                    (rng.int(0 ..< model.inputCount), rng.int(0 ..< 4))
                }
                let batched = rng.chance(50)
                if batched && rng.chance(30) {
                    let reverted = rng.int(0 ..< model.inputCount)
                    writes.append((reverted, (model.inputValues[reverted] + 1) % 4))
                    writes.append((reverted, model.inputValues[reverted]))
                }
                model.write(writes, batched: batched)
            }
            if graph.statistics.evaluations != evaluationsBefore { problem(step, "writing evaluated something") }
            for text in nodesUpdatableOffMainBelowAMainThreadRule(graph) { problem(step, text) }

            // Random reads.
            let reference = model.reference()
            var readNodes: [Int] = []
            for _ in 0 ..< rng.int(0 ..< 4) {
                let node = rng.chance(85) ? rng.int(model.inputCount ..< model.count) : rng.int(0 ..< model.count)
                readNodes.append(node)
                let value = model.read(node)
                if value != reference.values[node] {
                    problem(step, "n\(node) read \(value), reference \(reference.values[node])")
                }
            }
            totalReads += readNodes.count

            // Affected: checked in each closure run (see DifferentialModel.run).
            // At most once per step.
            let ran = model.ranThisStep
            totalRuns += ran.count
            if Set(ran).count != ran.count { problem(step, "a rule ran twice in one step: \(ran)") }
            if graph.statistics.evaluations - evaluationsBefore != ran.count {
                problem(step, "engine counted \(graph.statistics.evaluations - evaluationsBefore) evaluations, closures saw \(ran.count)")
            }
            // Demanded: reachable from a node read in this step through the dependencies as they
            // are now. (A walk brings an input up to date only if it comes before the first changed
            // one, and a re-run reads that prefix again, so this holds for every run, not only for
            // the rules whose dependencies did not change.)
            var demanded = Set<Int>()
            var stack = readNodes
            while let node = stack.popLast() {
                guard demanded.insert(node).inserted else { continue }
                stack.append(contentsOf: model.dependencies[node])
            }
            for rule in ran where !demanded.contains(rule) {
                problem(step, "n\(rule) ran but no node read in this step depends on it")
            }

            // Clean rules hold the reference value and exactly the reference dependencies.
            let snapshot = graph.snapshot()
            let inputsByID = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.inputs.map(\.from)) })
            let evaluationsAfterReads = graph.statistics.evaluations
            for node in model.inputCount ..< model.count {
                let state = model.state(of: node)
                guard state.contains(.valueExists) else { continue }
                let recorded = inputsByID[model.id(of: node)] ?? []
                if recorded != model.dependencies[node].map(model.id(of:)) {
                    problem(step, "n\(node) edges \(recorded) differ from what its closure read \(model.dependencies[node])")
                }
                guard !state.contains(.dirty) else { continue }
                let cached = model.read(node)
                if cached != reference.values[node] {
                    problem(step, "clean n\(node) caches \(cached), reference \(reference.values[node])")
                }
                if model.dependencies[node] != reference.dependencies[node] {
                    problem(step, "clean n\(node) depends on \(model.dependencies[node]), reference \(reference.dependencies[node])")
                }
            }
            if graph.statistics.evaluations != evaluationsAfterReads { problem(step, "reading a clean rule evaluated something") }

            if rng.chance(40) {
                let runsBefore = effects.runs
                graph.flush()
                for (index, definition) in effects.definitions.enumerated() {
                    let expected = definition.evaluate { reference.values[$0] }
                    if effects.seen[index] != expected { problem(step, "e\(index) saw \(effects.seen[index] ?? -1), reference \(expected)") }
                    if effects.runs[index] > runsBefore[index] + 1 { problem(step, "e\(index) ran more than once in a flush") }
                }
                if graph.hasPendingEffects { problem(step, "effects wait after a flush") }
            }
            if !problems.isEmpty { break }
        }

        #expect(problems.count == 0, "\(problems.joined(separator: "\n"))")
        #expect(effects.runs.reduce(0, +) > effects.runs.count, "effects ran again after changes: \(effects.runs)")
        #expect(model.violationCount == 0, "unjustified runs:\n\(model.violations.joined(separator: "\n"))")
        if problems.isEmpty {
            // The random workload really exercised the engine (meaningless after an early stop).
            #expect(totalReads > 300)
            #expect(totalRuns > 100)
            #expect(graph.statistics.cutoffs > 0)
            #expect(graph.statistics.edgesRemoved > 0, "conditional reads switched branches")
        }
    }
}

/// The nodes of `graph` that may be brought up to date off the main thread (no main-thread flag)
/// although an out-of-date rule or effect that requires the main thread lies above them, along the
/// recorded edges: bringing them up to date could run that node's closure off the main thread.
func nodesUpdatableOffMainBelowAMainThreadRule(_ graph: Graph) -> [String] {
    let nodes = Dictionary(uniqueKeysWithValues: graph.snapshot().nodes.map { ($0.id, $0) })
    var above: [Int32: Bool] = [:]
    /// Whether an out-of-date node requiring the main thread is `id` or above it (memoised;
    /// the recorded edges form no cycle in these graphs).
    func mainThreadNodeAtOrAbove(_ id: Int32) -> Bool {
        if let known = above[id] { return known }
        let node = nodes[id]!
        let result = (node.state.contains("dirty") && node.state.contains("requiresMainThread"))
            || node.inputs.contains { mainThreadNodeAtOrAbove($0.from) }
        above[id] = result
        return result
    }
    return nodes.values.filter { node in
        node.state.contains("dirty") && mainThreadNodeAtOrAbove(node.id) && !node.state.contains("mainThread")
    }.map { "\($0.name) lacks the main-thread flag below an out-of-date main-thread node" }
}
