@testable import Constraints
import Testing

/// Rules with a stored body (``RuleBody``, `BodyRuleStore.swift`) behave as rules made from a
/// closure: values, evaluation counts, dynamic dependencies, cutoff, main-thread marks, subgraph
/// teardown (which drops the body and what it holds), slot reuse, and chunks shared with stores
/// of closure rules. The random graphs of `DifferentialTests` mix both kinds.
@Suite struct RuleBodyTests {
    /// Sums two inputs.
    struct Sum: RuleBody {
        let a: Input<Int>, b: Input<Int>
        var value: Int { a.value + b.value }
    }

    /// Reads `then` or `otherwise` depending on `flag` (dynamic dependencies).
    struct Choice: RuleBody {
        let flag: Input<Bool>, then: Rule<Int>, otherwise: Input<Int>
        var value: Int { flag.value ? then.value : otherwise.value }
    }

    /// The parity of an input.
    struct Parity: RuleBody {
        let input: Input<Int>
        var value: Int { input.value % 2 }
    }

    /// Makes a rule of `body` where its value is not known to be `Equatable`, as code generic
    /// over the body does.
    func ruleOfUnconstrainedBody<Body: RuleBody>(_ body: Body, in graph: Graph) -> Rule<Body.Value> {
        graph.rule(body: body)
    }

    /// How many ``Tracker``s of one test are alive.
    final class Census { var alive = 0 }

    /// Counts itself in its census while alive, so that a test sees a body dropped.
    final class Tracker {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.alive += 1
        }
        deinit { census.alive -= 1 }
    }

    /// Holds a tracker and reads an input.
    struct Holding: RuleBody {
        let tracker: Tracker
        let input: Input<Int>
        var value: Int { input.value * 10 }
    }

    @Test func valuesAndEvaluationCountsAreThoseOfAClosureRule() {
        let graph = quietGraph()
        let a = graph.input(1), b = graph.input(2)
        let sum = graph.rule(name: "sum", body: Sum(a: a, b: b))
        let closure = graph.rule { a.value + b.value }
        #expect(sum.value == 3 && closure.value == 3)
        #expect(graph.statistics.evaluations == 2)
        #expect(sum.value == 3)
        #expect(graph.statistics.evaluations == 2, "reading again runs nothing")

        a.value = 10
        #expect(sum.value == 12 && closure.value == 12)
        #expect(graph.statistics.evaluations == 4)
        #expect(sum.name == "sum" && sum.cachedValue == 12 && sum.valueChangedAt != nil)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    @Test func readsInTheBodyAreDynamicDependencies() {
        let graph = quietGraph()
        let flag = graph.input(true), x = graph.input(1), y = graph.input(100)
        let doubled = graph.rule { x.value * 2 }
        let choice = graph.rule(body: Choice(flag: flag, then: doubled, otherwise: y))
        #expect(choice.value == 2)
        #expect(graph.recordedInputs(of: choice) == [flag.id.index, doubled.id.index])

        flag.value = false
        #expect(choice.value == 100)
        #expect(graph.recordedInputs(of: choice) == [flag.id.index, y.id.index])
        let runs = graph.statistics.evaluations
        x.value = 5
        #expect(choice.value == 100 && graph.statistics.evaluations == runs, "an edge it no longer reads does not re-run it")
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// An equal value is cut off, whether the body's value type is known to be `Equatable` where
    /// the rule is made or only at run time.
    @Test(arguments: [false, true])
    func anEqualValueIsCutOff(equatableFoundAtRunTime: Bool) {
        let graph = quietGraph()
        let x = graph.input(1)
        let parity = equatableFoundAtRunTime ? ruleOfUnconstrainedBody(Parity(input: x), in: graph) : graph.rule(body: Parity(input: x))
        var readerRuns = 0
        let reader = graph.rule { () -> Int in
            readerRuns += 1
            return parity.value
        }
        #expect(reader.value == 1 && readerRuns == 1)
        x.value = 3
        #expect(reader.value == 1 && readerRuns == 1, "1 % 2 == 3 % 2: the reader does not re-run")
        #expect(graph.statistics.cutoffs == 1)
        x.value = 4
        #expect(reader.value == 0 && readerRuns == 2)
    }

    @Test func aMainThreadBodyRuleCarriesTheFlagToItsReaders() {
        let graph = quietGraph()
        let a = graph.input(1), b = graph.input(1)
        let sum = graph.rule(requiresMainThread: true, body: Sum(a: a, b: b))
        let reader = graph.rule { sum.value + 1 }
        #expect(reader.value == 3)
        a.value = 2
        #expect(sum.state.contains(.mainThread) && reader.state.contains(.mainThread))
        #expect(!reader.allowsAsyncUpdate)
        #expect(reader.value == 4)
    }

    @Test func destroyingItsSubgraphDropsTheBodyAndReusesTheSlot() {
        let graph = quietGraph()
        let x = graph.input(2)
        let census = Census()
        let row = graph.makeSubgraph(name: "row")
        let old = row.withCurrent { graph.rule(name: "old", body: Holding(tracker: Tracker(census), input: x)) }
        #expect(old.value == 20 && census.alive == 1)
        row.destroy()
        #expect(census.alive == 0, "the body, and the tracker it held, went with the rule")
        #expect(!old.isAlive && old.cachedValue == nil)

        let new = graph.rule(name: "new", body: Holding(tracker: Tracker(census), input: x))
        #expect(new.entry == old.entry, "the freed entry is reused")
        #expect(new.value == 20 && !old.isAlive)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    @Test func aGoneGraphDropsItsBodies() {
        let census = Census()
        do {
            let graph = quietGraph()
            let x = graph.input(1)
            let rules = (0 ..< 40).map { _ in graph.rule(body: Holding(tracker: Tracker(census), input: x)) }
            #expect(rules[39].value == 10 && census.alive == 40)
        }
        #expect(census.alive == 0)
    }

    /// A body store and a closure store whose entries have one size share chunks through the
    /// pool, in both directions, and every value reads back right.
    @Test func chunksPassBetweenBodyAndClosureStores() {
        // An entry size no other test's rules have (a rule of a 1,032-byte value), so that tests
        // running meanwhile take none of these chunks: a closure rule of `Wide` (a value of 1,032
        // bytes and a closure of 16) and a body rule of `Narrow` (a value of 8 bytes and a body of
        // 1,040) have entries of 1,072 bytes.
        struct Block { var a, b, c, d, e, f, g, h: (Int, Int, Int, Int, Int, Int, Int, Int) }
        let zeros = (0, 0, 0, 0, 0, 0, 0, 0)
        let block = Block(a: zeros, b: zeros, c: zeros, d: zeros, e: zeros, f: zeros, g: zeros, h: zeros)
        struct Wide { var first, second: Block; var n: Int }
        struct Narrow: RuleBody {
            let input: Input<Int>
            var first, second: Block
            var value: Int { input.value + 1 }
        }
        #expect(RuleStore<Wide>.entryStride == BodyRuleStore<Narrow>.entryStride)
        func wide(_ value: Int) -> Wide { Wide(first: block, second: block, n: value) }
        var closureRules: [Rule<Wide>] = []
        do {
            let graph = quietGraph()
            let x = graph.input(3)
            closureRules = (0 ..< 40).map { k in graph.rule { wide(x.value + k) } }
            #expect(closureRules[39].value.n == 42)
        }
        var bodyRules: [Rule<Int>] = []
        do {
            let graph = quietGraph()
            let y = graph.input(7)
            bodyRules = (0 ..< 40).map { _ in graph.rule(body: Narrow(input: y, first: block, second: block)) }
            #expect(!Set(closureRules.map(\.entry)).isDisjoint(with: bodyRules.map(\.entry)), "the closure store's chunks are reused")
            #expect(bodyRules.allSatisfy { $0.value == 8 } && closureRules.allSatisfy { !$0.isAlive })
            #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        }
        let graph = quietGraph()
        let z = graph.input(1)
        let again = (0 ..< 40).map { k in graph.rule { wide(z.value * k) } }
        #expect(!Set(bodyRules.map(\.entry)).isDisjoint(with: again.map(\.entry)), "the body store's chunks are reused")
        #expect(again.map(\.value.n) == (0 ..< 40).map { $0 } && bodyRules.allSatisfy { !$0.isAlive })
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A body type that is also the value type of a closure rule in the same graph: the two stores
    /// are filed apart (a body store under its body type, marked as one), so each keeps its rules.
    @Test func aBodyStoreNeverSharesAClosureStoresKey() {
        struct Same: RuleBody, Equatable {
            var number: Int
            var value: Same { Same(number: number + 1) }
        }
        let graph = quietGraph()
        let closure = graph.rule { Same(number: 1) }
        let body = graph.rule(body: Same(number: 10))
        let another = graph.rule(body: Same(number: 20))
        #expect(closure.value == Same(number: 1) && body.value == Same(number: 11) && another.value == Same(number: 21))
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A body of no stored property (its entry has no room for it) and one of many (the entry
    /// grows), with values of every alignment.
    @Test func bodiesOfEverySize() {
        struct Empty: RuleBody { var value: UInt8 { 7 } }
        struct Large: RuleBody {
            let inputs: [Input<Int>]
            let weights: (Double, Double, Double, Double)
            var value: SIMD4<Double> {
                SIMD4(Double(inputs[0].value) * weights.0, Double(inputs[1].value) * weights.1, weights.2, weights.3)
            }
        }
        let graph = quietGraph()
        let a = graph.input(1), b = graph.input(2)
        let empty = graph.rule(body: Empty())
        let large = graph.rule(body: Large(inputs: [a, b], weights: (0.5, 2, 3, 4)))
        #expect(empty.value == 7 && large.value == SIMD4(0.5, 4, 3, 4))
        b.value = 3
        #expect(large.value == SIMD4(0.5, 6, 3, 4))
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A body rule read through a cycle before its first value returns its `initialValue:`, and
    /// the cycle is reported; `nil` gives it none.
    @Test func aCycleReadsTheInitialValue() {
        struct ReadsLater: RuleBody {
            let x: Input<Int>
            let later: () -> Rule<Int>
            var value: Int { x.value + later().value }
        }
        let graph = quietGraph()
        let x = graph.input(1, name: "x")
        var b: Rule<Int>!
        let a = graph.rule(name: "a", initialValue: 100, body: ReadsLater(x: x, later: { b }))
        b = graph.rule(name: "b") { a.value + 1 }
        #expect(a.value == 102, "b read a's initial value, 100, and a added x")
        #expect(graph.diagnostics == [.cycle(["a", "b", "a"])])
        let none: Rule<Int> = graph.rule(name: "none", initialValue: nil, body: Sum(a: x, b: x))
        #expect(none.value == 2)
    }

    /// A body whose value holds references, cut off by `==`: the value is moved out for the
    /// comparison and back (``RuleValue``), and a reader of an equal value does not re-run.
    @Test func anEqualValueHoldingReferencesIsCutOff() {
        struct Words: RuleBody {
            let count: Input<Int>
            var value: [String] { Array(repeating: "word", count: count.value % 3) }
        }
        let graph = quietGraph()
        let count = graph.input(1)
        let words = graph.rule(body: Words(count: count))
        var readerRuns = 0
        let reader = graph.rule { () -> Int in
            readerRuns += 1
            return words.value.count
        }
        #expect(reader.value == 1 && readerRuns == 1)
        count.value = 4
        #expect(reader.value == 1 && readerRuns == 1, "4 % 3 == 1 % 3: an equal array, cut off")
        #expect(words.cachedValue == ["word"])
        count.value = 5
        #expect(reader.value == 2 && readerRuns == 2)
    }

    /// A body that is a class instance: the entry holds the reference, and destroying the rule
    /// releases it.
    @Test func aClassBodyIsHeldAndReleased() {
        final class Doubler: RuleBody {
            let input: Input<Int>
            let census: Census
            init(input: Input<Int>, census: Census) {
                self.input = input
                self.census = census
                census.alive += 1
            }
            deinit { census.alive -= 1 }
            var value: Int { input.value * 2 }
        }
        let graph = quietGraph()
        let x = graph.input(4)
        let census = Census()
        let row = graph.makeSubgraph(name: "row")
        let doubled = row.withCurrent { graph.rule(body: Doubler(input: x, census: census)) }
        #expect(doubled.value == 8 && census.alive == 1)
        x.value = 5
        #expect(doubled.value == 10)
        row.destroy()
        #expect(census.alive == 0 && !doubled.isAlive)
    }
}
