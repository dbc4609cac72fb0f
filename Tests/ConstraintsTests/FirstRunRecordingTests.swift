import Constraints
import Reproductions
import Testing

/// A rule's first run appends its reads to its input list as it makes them (`Graph.appendRead`),
/// and a rule of a value type not known to be `Equatable` tests for its value with its flags and
/// reads it in place (`RuleStore.update(isSame:)`, `RuleValue.existing(at:)`), for both of
/// `Optional`'s layouts. Random graphs built while they are read, against a from-scratch
/// recomputation, and the shapes that could confuse the appending.
@Suite struct FirstRunRecordingTests {
    /// A value that is not `Equatable`, whose `Optional` marks `nil` with a tag byte (an `Int`
    /// payload has no spare bit patterns).
    struct Plain { var value: Int }
    /// A value that is not `Equatable`, whose `Optional` marks `nil` with a spare bit pattern (a
    /// class reference's).
    struct Referenced { var value: Int; var owner: AnyObject }

    /// A graph grown at random while it is read, and the same computation done from scratch.
    final class Model {
        let graph = Graph()
        /// Per node: an input's value (nil for a rule).
        var inputValues: [Int?] = []
        var inputs: [Int: Input<Int>] = [:]
        var reads: [Int: () -> Int] = [:]
        /// Per rule: the nodes it reads in order (with repeats), and an optional choice between two.
        var programs: [Int: [Int]] = [:]
        var choices: [Int: (condition: Int, then: Int, otherwise: Int)] = [:]
        /// Rules that read nothing while `gate` is off.
        var gated: Set<Int> = []
        var gate = false
        /// Per rule: the distinct nodes its last run read, in order.
        var lastReads: [Int: [Int]] = [:]
        var nodeCount: Int { inputValues.count }
        /// Per effect: the nodes it sums, and the sum it saw when it last ran.
        var effectPrograms: [[Int]] = []
        var effectSeen: [Int?] = []
        var effects: [Effect] = []
        private let owner = Model.Owner()
        private final class Owner {}

        func addInput(_ value: Int) {
            let index = nodeCount
            inputValues.append(value)
            let input = graph.input(value, name: "n\(index)")
            inputs[index] = input
            reads[index] = { input.value }
        }

        /// A rule computing the sum of `program`'s nodes (and of the chosen one), kept as an `Int`,
        /// a ``Plain`` or a ``Referenced`` (`kind` 0, 1, 2), with an initial value if `initial`.
        func addRule(program: [Int], choice: (Int, Int, Int)?, gated isGated: Bool, kind: Int, initial: Bool,
                     requiresMainThread: Bool = false) {
            let index = nodeCount
            inputValues.append(nil)
            programs[index] = program
            if let choice { choices[index] = (choice.0, choice.1, choice.2) }
            if isGated { gated.insert(index) }
            let body: () -> Int = { [unowned self] in
                var read: [Int] = []
                func value(of node: Int) -> Int {
                    if !read.contains(node) { read.append(node) }
                    return self.reads[node]!()
                }
                defer { self.lastReads[index] = read }
                if self.gated.contains(index) && !self.gate { return 1 }
                var sum = 0
                for node in self.programs[index]! { sum &+= value(of: node) }
                if let choice = self.choices[index] {
                    sum &+= value(of: choice.condition) % 2 == 0 ? value(of: choice.then) : value(of: choice.otherwise)
                }
                return sum % 1000
            }
            let name = "n\(index)"
            let main = requiresMainThread
            switch kind {
            case 1:
                let rule = initial ? graph.rule(name: name, initialValue: Plain(value: -1), requiresMainThread: main) { Plain(value: body()) }
                    : graph.rule(name: name, requiresMainThread: main) { Plain(value: body()) }
                reads[index] = { rule.value.value }
            case 2:
                let owner = self.owner
                let rule = initial
                    ? graph.rule(name: name, initialValue: Referenced(value: -1, owner: owner), requiresMainThread: main) {
                        Referenced(value: body(), owner: owner)
                    }
                    : graph.rule(name: name, requiresMainThread: main) { Referenced(value: body(), owner: owner) }
                reads[index] = { rule.value.value }
            default:
                let rule = initial ? graph.rule(name: name, initialValue: -1, requiresMainThread: main, body)
                    : graph.rule(name: name, requiresMainThread: main, body)
                reads[index] = { rule.value }
            }
        }

        /// An effect summing `program`'s nodes; its first run reads them at once, running the
        /// rules among them that never ran.
        func addEffect(program: [Int], requiresMainThread: Bool) {
            let index = effects.count
            effectPrograms.append(program)
            effectSeen.append(nil)
            effects.append(graph.effect(name: "effect\(index)", requiresMainThread: requiresMainThread) { [unowned self] in
                var sum = 0
                for node in self.effectPrograms[index] { sum &+= self.reads[node]!() }
                self.effectSeen[index] = sum % 1000
            })
        }

        /// The effects whose last sum differs from the recomputation's (after a flush, none should).
        func effectsThatSawOtherThanTheRecomputation() -> [String] {
            var memo: [Int: Int] = [:]
            return effectPrograms.indices.compactMap { index in
                let expected = effectPrograms[index].reduce(0) { $0 &+ self.expected($1, memo: &memo) } % 1000
                return effectSeen[index] == expected ? nil : "e\(index) saw \(effectSeen[index] ?? -1), not \(expected)"
            }
        }

        func expected(_ node: Int, memo: inout [Int: Int]) -> Int {
            if let value = inputValues[node] { return value }
            if let known = memo[node] { return known }
            var sum = 0
            if !gated.contains(node) || gate {
                for source in programs[node]! { sum &+= expected(source, memo: &memo) }
                if let choice = choices[node] {
                    sum &+= expected(choice.condition, memo: &memo) % 2 == 0
                        ? expected(choice.then, memo: &memo) : expected(choice.otherwise, memo: &memo)
                }
                sum %= 1000
            } else {
                sum = 1
            }
            memo[node] = sum
            return sum
        }
    }

    /// Rules made between reads (so first runs nest in other first runs), reading earlier nodes with
    /// repeats, sometimes nothing, sometimes with an initial value, of three value layouts, some
    /// requiring the main thread; effects made between reads, some requiring the main thread; inputs
    /// set; a gate flipped with `invalidateAll` so that rules whose last run read nothing run again.
    /// Every read, and every sum an effect saw after a flush, matches the recomputation; at the end
    /// each rule's input edges are the distinct nodes its last run read, and the edge counters add
    /// up to the edges there are.
    @Test(arguments: [1, 2, 3, 7, 42, 99, 1234, 5555] as [UInt64])
    func randomGraphsGrownWhileReadMatchARecomputation(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 31 &+ 17)
        let model = Model()
        for _ in 0 ..< 5 { model.addInput(random.int(0 ..< 10)) }
        var problems: [String] = []
        for step in 0 ..< 400 {
            let action = random.int(0 ..< 100)
            if action < 40 {
                let count = model.nodeCount
                var program: [Int] = []
                for _ in 0 ..< (random.chance(10) ? 0 : random.int(1 ..< 7)) {
                    if !program.isEmpty && random.chance(35) {
                        program.append(program[random.int(0 ..< program.count)])
                    } else {
                        program.append(random.int(max(0, count - 12) ..< count))
                    }
                }
                let choice = random.chance(30) ? (random.int(0 ..< count), random.int(0 ..< count), random.int(0 ..< count)) : nil
                model.addRule(program: program, choice: choice, gated: random.chance(15), kind: random.int(0 ..< 3), initial: random.chance(20),
                              requiresMainThread: random.chance(10))
            } else if action < 60 {
                let input = random.int(0 ..< 5), value = random.int(0 ..< 10)
                model.inputValues[input] = value
                model.inputs[input]!.value = value
                problems += nodesUpdatableOffMainBelowAMainThreadRule(model.graph).map { "step \(step): \($0)" }
            } else if action < 65 {
                model.gate.toggle()
                model.graph.invalidateAll()
            } else if action < 70 && model.effects.count < 8 {
                let count = model.nodeCount
                model.addEffect(program: (0 ..< random.int(1 ..< 4)).map { _ in random.int(0 ..< count) }, requiresMainThread: random.chance(40))
            } else if action < 75 {
                model.graph.flush()
                problems += model.effectsThatSawOtherThanTheRecomputation().map { "step \(step): \($0)" }
            } else {
                let node = random.int(0 ..< model.nodeCount)
                var memo: [Int: Int] = [:]
                let got = model.reads[node]!(), want = model.expected(node, memo: &memo)
                if got != want { problems.append("step \(step): n\(node) is \(got), not \(want)") }
            }
        }
        var memo: [Int: Int] = [:]
        for node in 0 ..< model.nodeCount where model.reads[node]!() != model.expected(node, memo: &memo) {
            problems.append("at the end: n\(node)")
        }
        model.graph.flush()
        problems += model.effectsThatSawOtherThanTheRecomputation().map { "at the end: \($0)" }
        if model.effects.isEmpty { problems.append("the random steps made no effect") }
        let snapshot = model.graph.snapshot()
        let names = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.name) })
        var edges = 0
        for node in snapshot.nodes {
            edges += node.inputs.count
            guard let index = Int(node.name.dropFirst()), model.inputValues[index] == nil else { continue }
            let inputs = node.inputs.map { names[$0.from]! }
            let read = (model.lastReads[index] ?? []).map { "n\($0)" }
            if Set(inputs) != Set(read) || inputs.count != read.count { problems.append("n\(index) has edges from \(inputs), read \(read)") }
        }
        let statistics = model.graph.statistics
        if statistics.edgesAdded - statistics.edgesRemoved != edges {
            problems.append("\(statistics.edgesAdded) edges added less \(statistics.edgesRemoved) removed is not the \(edges) there are")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// A first run reads `x`, then a rule whose own first run reads `x` too (stamping it anew),
    /// then `x` again: one edge from `x`, and the rule still follows it.
    @Test func aReadRepeatedAcrossANestedFirstRunIsOneEdge() {
        let graph = Graph()
        let x = graph.input(1, name: "x")
        let b = graph.rule(name: "b") { x.value + 1 }
        let a = graph.rule(name: "a") { x.value + b.value + x.value + b.value }
        #expect(a.value == 6)
        #expect(graph.snapshot().nodes.first { $0.name == "a" }!.inputs.count == 2)
        #expect(graph.statistics.edgesAdded == 3)
        x.value = 2
        #expect(a.value == 10)
    }

    /// A rule whose last run read nothing runs again with an empty input list that is not its first
    /// run's; what it reads now makes it run on the next change.
    @Test func aRuleThatReadNothingFollowsWhatItReadsNext() {
        let graph = Graph()
        let x = graph.input(1, name: "x")
        var reading = false
        let a = graph.rule(name: "a") { reading ? x.value * 10 : 0 }
        #expect(a.value == 0)
        reading = true
        graph.invalidateAll()
        #expect(a.value == 10)
        x.value = 3
        #expect(a.value == 30)
        #expect(graph.statistics.edgesAdded == 1)
    }

    /// An effect's first run reads an input twice and writes it (effects do not append their reads):
    /// two input edges, and it runs until the input stops changing.
    @Test func anEffectsFirstRunWithRepeatedReadsAndAWrite() {
        let graph = Graph()
        let x = graph.input(0, name: "x")
        let doubled = graph.rule(name: "doubled") { x.value * 2 }
        var seen: [Int] = []
        let effect = graph.effect(name: "effect") {
            seen.append(x.value + doubled.value + x.value)
            if x.value < 3 { x.value += 1 }
        }
        graph.flush()
        x.value = 10
        graph.flush()
        #expect(seen.last == 40)
        #expect(graph.snapshot().nodes.first { $0.name == "effect" }!.inputs.count == 2)
        withExtendedLifetime(effect) {}
    }

    /// A first run in a cycle: the rule read back during its own first run gives its initial value.
    @Test func aFirstRunInACycleReadsTheInitialValue() {
        let graph = Graph()
        let x = graph.input(1, name: "x")
        var b: Rule<Int>!
        let a = graph.rule(name: "a", initialValue: 100) { x.value + b.value + x.value }
        b = graph.rule(name: "b") { a.value + 1 }
        #expect(a.value == 103)
        let nodes = graph.snapshot().nodes
        #expect(nodes.first { $0.name == "a" }!.inputs.count == 2)
        #expect(nodes.first { $0.name == "b" }!.inputs.count == 1)
    }

    /// `initialValue: nil`, now that it has no default, is a rule without an initial value.
    @Test func anExplicitNilInitialValueIsNone() {
        let graph = Graph()
        let a: Rule<Int> = graph.rule(name: "a", initialValue: nil) { 5 }
        let b: Rule<Plain> = graph.rule(name: "b", initialValue: nil) { Plain(value: 6) }
        #expect(a.value == 5)
        #expect(b.value.value == 6)
    }
}
