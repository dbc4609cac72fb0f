import Constraints

// js-reactivity-benchmark's `sbench` and `kairo` suites (github.com/milomg/js-reactivity-benchmark,
// packages/core/src/benches/sBench.ts and kairo/*.ts), rebuilt for the engine: the same graphs,
// sizes and iteration counts, run through the engine's public API by an adapter shaped like that
// project's `ReactiveFramework` (signal, computed, effect, withBatch, cleanup). Each test checks
// what it computed: the values and effect runs that the published code asserts (kairo), and for
// sbench, which asserts nothing, the number of effect runs and the sum of the values they read,
// against a plain-Swift count.

/// The engine behind js-reactivity-benchmark's `ReactiveFramework` interface.
///
/// A batch (`withBatch`) is `Graph.batch` followed by `Graph.flush()`, since the benchmark's
/// frameworks run effects when the outermost batch ends; `cleanup` cancels every effect made since
/// the last cleanup and lets the graph go, as the benchmark's frameworks dispose of their effects.
final class ReactiveAdapter {
    // Unchecked, as the published adapters' fields are plain JavaScript properties: Swift's dynamic
    // exclusivity check of a class's stored property cost each effect made about 120 instructions
    // (callgrind, `swift_beginAccess` and `swift_endAccess` around the append), which is the
    // harness's, not the engine's. The adapter is used on one thread, one access at a time.
    @exclusivity(unchecked) private(set) var graph = Graph()
    @exclusivity(unchecked) private var effects: [Effect] = []

    func signal(_ value: Int) -> Input<Int> { graph.input(value) }
    func computed<Value: Equatable>(_ body: @escaping () -> Value) -> Rule<Value> { graph.rule(body) }
    /// A rule whose value the benchmark compares by identity (a fresh JavaScript object or array
    /// each run): never cut off.
    func computedObject<Value>(_ body: @escaping () -> Value) -> Rule<Value> { graph.rule(body) }
    func effect(_ body: @escaping () -> Void) { effects.append(graph.effect(body)) }
    func withBatch(_ body: () -> Void) {
        graph.batch(body)
        graph.flush()
    }
    func cleanup() {
        for effect in effects { effect.cancel() }
        effects.removeAll()
        graph = Graph()
    }
}

/// Effect runs and the sum of the values they read: what an sbench test checks.
final class RunTally {
    @exclusivity(unchecked) var runs = 0
    @exclusivity(unchecked) var sum = 0

    @inline(__always) func add(_ value: Int) {
        runs &+= 1
        sum &+= value
    }
}

/// One test of a suite: `prepare` builds what the published code builds before it starts its
/// clock and returns the part it times, which returns a description of what it got wrong, or
/// `nil`. `operations` is what one timed part does, for per-operation figures.
struct ReactivityTest {
    let suite: String
    let name: String
    /// What an operation is, for the table.
    let operation: String
    /// Operations in one timed part.
    let operations: Int
    /// Builds the untimed part; returns the timed part.
    let prepare: (ReactiveAdapter) -> () -> String?

    var fullName: String { "\(suite)/\(name)" }

    /// Both suites, in the published order.
    static var all: [ReactivityTest] { SBench.tests + Kairo.tests }

    /// Runs the test once as the harness times it: prepares, runs the timed part inside
    /// ``measuredSection(_:)`` (which callgrind counts on its own), and cleans up (sbench's timed
    /// part cleans up itself, as its published clock includes it; kairo's does not). Returns the
    /// first failure, or `nil`.
    /// `nanoseconds` is set to the time the timed part took.
    func runOnce(on adapter: ReactiveAdapter, nanoseconds: inout UInt64) -> String? {
        let timed = prepare(adapter)
        let start = monotonicNanoseconds()
        let failure = measuredSection { timed() }
        nanoseconds = monotonicNanoseconds() - start
        adapter.cleanup()
        return failure
    }
}

/// The timed part of a test, not inlined so that `engine-bench instructions` can count only what
/// happens inside it (callgrind's `--toggle-collect`).
@inline(never)
func measuredSection(_ body: () -> String?) -> String? { body() }

/// The name `measuredSection` has in callgrind's output, for `--toggle-collect`.
let measuredSectionPattern = "*measuredSection*"

// MARK: sbench

/// sbench (`sBench.ts`, inspired by Solid's benchmark): creating signals, creating effects over
/// them, and updating them, each with `COUNT` = 100,000 as published. The timed part includes the
/// cleanup, as the published harness's clock does.
enum SBench {
    static let count = 100_000

    static var tests: [ReactivityTest] {
        [createSignals]
            + creations.map { creationTest($0) }
            + updates.map { updateTest($0) }
    }

    /// `createSignals`: `COUNT` signals (the published run makes `COUNT` sources first, untimed).
    static var createSignals: ReactivityTest {
        ReactivityTest(suite: "sbench", name: "createSignals", operation: "signal made", operations: count) { adapter in
            let sources = (0 ..< count).map { adapter.signal($0) }
            for source in sources { _ = (source.value, source.value, source.value) }
            return {
                var made: [Input<Int>] = []
                made.reserveCapacity(count)
                for value in 0 ..< count { made.append(adapter.signal(value)) }
                var sum = 0
                for input in made { sum &+= input.value }
                adapter.cleanup()
                let expected = count * (count - 1) / 2
                return sum == expected ? nil : "the signals sum to \(sum), not \(expected)"
            }
        }
    }

    /// A creation test: `effects` effects, effect `e` reading sources `reads(e)`, over `sources`
    /// signals holding their index.
    struct Creation {
        let name: String
        let effects: Int
        let sources: Int
        let reads: (Int) -> Range<Int>
    }

    /// The published creation tests, with the `n` each is run with.
    static var creations: [Creation] {
        [
            Creation(name: "create0to1", effects: count, sources: 0) { _ in 0 ..< 0 },
            Creation(name: "create1to1", effects: count, sources: count) { $0 ..< $0 + 1 },
            Creation(name: "create2to1", effects: count / 2, sources: count) { 2 * $0 ..< 2 * $0 + 2 },
            Creation(name: "create4to1", effects: count / 4, sources: count) { 4 * $0 ..< 4 * $0 + 4 },
            Creation(name: "create1000to1", effects: count / 1_000, sources: count) { 1_000 * $0 ..< 1_000 * $0 + 1_000 },
            Creation(name: "create1to2", effects: count, sources: count / 2) { $0 / 2 ..< $0 / 2 + 1 },
            Creation(name: "create1to4", effects: count, sources: count / 4) { $0 / 4 ..< $0 / 4 + 1 },
            Creation(name: "create1to8", effects: count, sources: count / 8) { $0 / 8 ..< $0 / 8 + 1 },
            Creation(name: "create1to1000", effects: count, sources: count / 1_000) { $0 / 1_000 ..< $0 / 1_000 + 1 },
        ]
    }

    /// Makes a creation test: each effect runs once when made, reading its sources (an effect
    /// reading none, `create0to1`'s, adds its index, as the published one returns it).
    static func creationTest(_ creation: Creation) -> ReactivityTest {
        ReactivityTest(suite: "sbench", name: creation.name, operation: "effect made and cancelled", operations: creation.effects) { adapter in
            let sources = (0 ..< creation.sources).map { adapter.signal($0) }
            for source in sources { _ = (source.value, source.value, source.value) }
            return {
                let tally = RunTally()
                for effect in 0 ..< creation.effects {
                    let reads = creation.reads(effect)
                    if reads.isEmpty {
                        adapter.effect { tally.add(effect) }
                    } else if reads.count == 1 {
                        let source = sources[reads.lowerBound]
                        adapter.effect { tally.add(source.value) }
                    } else {
                        let read = Array(sources[reads])
                        adapter.effect {
                            var sum = 0
                            for source in read { sum &+= source.value }
                            tally.add(sum)
                        }
                    }
                }
                adapter.cleanup()
                var expected = 0
                for effect in 0 ..< creation.effects {
                    let reads = creation.reads(effect)
                    expected &+= reads.isEmpty ? effect : reads.reduce(0, &+)
                }
                return tally.runs == creation.effects && tally.sum == expected ? nil
                    : "\(tally.runs) effect runs read \(tally.sum), not \(creation.effects) reading \(expected)"
            }
        }
    }

    /// An update test: `effects` effects reading sources `0 ..< reads` (summed), then `batches`
    /// batches each writing its index into source 0.
    struct Update {
        let name: String
        let effects: Int
        let reads: Int
        let batches: Int
    }

    /// The published update tests, with the `n` each is run with (`update1to1000` runs `n / 10`
    /// batches).
    static var updates: [Update] {
        [
            Update(name: "update1to1", effects: 1, reads: 1, batches: count * 4),
            Update(name: "update2to1", effects: 1, reads: 2, batches: count * 2),
            Update(name: "update4to1", effects: 1, reads: 4, batches: count),
            Update(name: "update1000to1", effects: 1, reads: 1_000, batches: count / 250),
            Update(name: "update1to2", effects: 2, reads: 1, batches: count),
            Update(name: "update1to4", effects: 4, reads: 1, batches: count),
            Update(name: "update1to1000", effects: 1_000, reads: 1, batches: count / 10),
        ]
    }

    /// Makes an update test. The first batch writes 0, the value source 0 already holds, so it runs
    /// no effect; each later one runs every effect.
    static func updateTest(_ update: Update) -> ReactivityTest {
        ReactivityTest(suite: "sbench", name: update.name, operation: "batch (one write, then the flush)", operations: update.batches) { adapter in
            let sources = (0 ..< update.reads).map { adapter.signal($0) }
            for source in sources { _ = (source.value, source.value, source.value) }
            return {
                let tally = RunTally()
                for _ in 0 ..< update.effects {
                    if update.reads == 1 {
                        let source = sources[0]
                        adapter.effect { tally.add(source.value) }
                    } else {
                        adapter.effect {
                            var sum = 0
                            for source in sources { sum &+= source.value }
                            tally.add(sum)
                        }
                    }
                }
                let head = sources[0]
                for value in 0 ..< update.batches {
                    adapter.withBatch { head.value = value }
                }
                adapter.cleanup()
                let others = (1 ..< update.reads).reduce(0, +)
                let expectedRuns = update.effects * update.batches
                let expectedSum = update.effects * (0 ..< update.batches).reduce(0) { $0 &+ $1 &+ others }
                return tally.runs == expectedRuns && tally.sum == expectedSum ? nil
                    : "\(tally.runs) effect runs read \(tally.sum), not \(expectedRuns) reading \(expectedSum)"
            }
        }
    }
}

// MARK: kairo

/// kairo (`kairoBench.ts` and `kairo/*.ts`): nine small graphs, each iteration a few batches of one
/// write with effects; the published harness times 500 iterations after three. Each iteration
/// checks what the published code asserts (values and effect-run counts).
enum Kairo {
    /// Iterations the published harness times.
    static let iterations = 500

    static var tests: [ReactivityTest] {
        [
            test("avoidablePropagation", avoidablePropagation), test("broadPropagation", broadPropagation),
            test("deepPropagation", deepPropagation), test("diamond", diamond), test("mux", mux),
            test("repeatedObservers", repeatedObservers), test("triangle", triangle),
            test("unstable", unstable), test("molBench", molBench),
        ]
    }

    /// A kairo test: `build` makes the graph and returns one iteration; the harness runs it three
    /// times, then times 500.
    static func test(_ name: String, _ build: @escaping (ReactiveAdapter) -> () -> String?) -> ReactivityTest {
        ReactivityTest(suite: "kairo", name: name, operation: "iteration", operations: iterations) { adapter in
            let iteration = build(adapter)
            var failure = iteration() ?? iteration() ?? iteration()
            return {
                for _ in 0 ..< iterations where failure == nil { failure = iteration() }
                return failure
            }
        }
    }

    /// `busy()`: a hundred additions, the published "heavy computation".
    @inline(never)
    static func busy() {
        var a = 0
        for i in 0 ..< 100 { a &+= i & 1 }
        blackHole(a)
    }

    static func avoidablePropagation(_ bridge: ReactiveAdapter) -> () -> String? {
        let head = bridge.signal(0)
        let computed1 = bridge.computed { head.value }
        let computed2 = bridge.computed { _ = computed1.value; return 0 }
        let computed3 = bridge.computed { busy(); return computed2.value + 1 }
        let computed4 = bridge.computed { computed3.value + 2 }
        let computed5 = bridge.computed { computed4.value + 3 }
        bridge.effect { _ = computed5.value; busy() }
        return {
            bridge.withBatch { head.value = 1 }
            if computed5.value != 6 { return "computed5 is \(computed5.value), not 6" }
            for i in 0 ..< 1_000 {
                bridge.withBatch { head.value = i }
                if computed5.value != 6 { return "computed5 is \(computed5.value), not 6" }
            }
            return nil
        }
    }

    static func broadPropagation(_ bridge: ReactiveAdapter) -> () -> String? {
        let head = bridge.signal(0)
        let calls = RunTally()
        var last: Rule<Int>!
        for i in 0 ..< 50 {
            let current = bridge.computed { head.value + i }
            let current2 = bridge.computed { current.value + 1 }
            bridge.effect { calls.add(current2.value) }
            last = current2
        }
        return { [last] in
            bridge.withBatch { head.value = 1 }
            calls.runs = 0
            for i in 0 ..< 50 {
                bridge.withBatch { head.value = i }
                if last!.value != i + 50 { return "the last rule is \(last!.value), not \(i + 50)" }
            }
            return calls.runs == 50 * 50 ? nil : "the effects ran \(calls.runs) times, not 2500"
        }
    }

    static func deepPropagation(_ bridge: ReactiveAdapter) -> () -> String? {
        let length = 50
        let head = bridge.signal(0)
        var current = bridge.computed { head.value + 1 }
        for _ in 1 ..< length {
            let previous = current
            current = bridge.computed { previous.value + 1 }
        }
        let calls = RunTally()
        bridge.effect { [current] in calls.add(current.value) }
        return { [current] in
            bridge.withBatch { head.value = 1 }
            calls.runs = 0
            for i in 0 ..< 50 {
                bridge.withBatch { head.value = i }
                if current.value != length + i { return "the chain's tail is \(current.value), not \(length + i)" }
            }
            return calls.runs == 50 ? nil : "the effect ran \(calls.runs) times, not 50"
        }
    }

    static func diamond(_ bridge: ReactiveAdapter) -> () -> String? {
        let width = 5
        let head = bridge.signal(0)
        let current = (0 ..< width).map { _ in bridge.computed { head.value + 1 } }
        let sum = bridge.computed { current.reduce(0) { $0 + $1.value } }
        let calls = RunTally()
        bridge.effect { calls.add(sum.value) }
        return {
            bridge.withBatch { head.value = 1 }
            if sum.value != 2 * width { return "the sum is \(sum.value), not \(2 * width)" }
            calls.runs = 0
            for i in 0 ..< 500 {
                bridge.withBatch { head.value = i }
                if sum.value != (i + 1) * width { return "the sum is \(sum.value), not \((i + 1) * width)" }
            }
            return calls.runs == 500 ? nil : "the effect ran \(calls.runs) times, not 500"
        }
    }

    /// What `mux`'s first rule makes: a fresh object each run in the published code, so no
    /// reader is cut off by an equal value.
    struct Entries {
        let values: [Int]
    }

    static func mux(_ bridge: ReactiveAdapter) -> () -> String? {
        let heads = (0 ..< 100).map { _ in bridge.signal(0) }
        let mux = bridge.computedObject { Entries(values: heads.map(\.value)) }
        let split = heads.indices
            .map { index in bridge.computed { mux.value.values[index] } }
            .map { x in bridge.computed { x.value + 1 } }
        for x in split { bridge.effect { _ = x.value } }
        return {
            for i in 0 ..< 10 {
                bridge.withBatch { heads[i].value = i }
                if split[i].value != i + 1 { return "split[\(i)] is \(split[i].value), not \(i + 1)" }
            }
            for i in 0 ..< 10 {
                bridge.withBatch { heads[i].value = i * 2 }
                if split[i].value != i * 2 + 1 { return "split[\(i)] is \(split[i].value), not \(i * 2 + 1)" }
            }
            return nil
        }
    }

    static func repeatedObservers(_ bridge: ReactiveAdapter) -> () -> String? {
        let size = 30
        let head = bridge.signal(0)
        let current = bridge.computed {
            var result = 0
            for _ in 0 ..< size { result += head.value }
            return result
        }
        let calls = RunTally()
        bridge.effect { calls.add(current.value) }
        return {
            bridge.withBatch { head.value = 1 }
            if current.value != size { return "the sum is \(current.value), not \(size)" }
            calls.runs = 0
            for i in 0 ..< 100 {
                bridge.withBatch { head.value = i }
                if current.value != i * size { return "the sum is \(current.value), not \(i * size)" }
            }
            return calls.runs == 100 ? nil : "the effect ran \(calls.runs) times, not 100"
        }
    }

    static func triangle(_ bridge: ReactiveAdapter) -> () -> String? {
        let width = 10
        let head = bridge.signal(0)
        var list: [() -> Int] = [{ head.value }]
        var current = bridge.computed { head.value + 1 }
        for _ in 1 ..< width {
            let previous = current
            list.append { previous.value }
            current = bridge.computed { previous.value + 1 }
        }
        let sum = bridge.computed { [list] in list.reduce(0) { $0 + $1() } }
        let calls = RunTally()
        bridge.effect { calls.add(sum.value) }
        let constant = (1 ... width).reduce(0, +)
        return {
            bridge.withBatch { head.value = 1 }
            if sum.value != constant { return "the sum is \(sum.value), not \(constant)" }
            calls.runs = 0
            for i in 0 ..< 100 {
                bridge.withBatch { head.value = i }
                let expected = constant - width + i * width
                if sum.value != expected { return "the sum is \(sum.value), not \(expected)" }
            }
            return calls.runs == 100 ? nil : "the effect ran \(calls.runs) times, not 100"
        }
    }

    static func unstable(_ bridge: ReactiveAdapter) -> () -> String? {
        let head = bridge.signal(0)
        let double = bridge.computed { head.value * 2 }
        let inverse = bridge.computed { -head.value }
        let current = bridge.computed {
            var result = 0
            for _ in 0 ..< 20 { result += head.value % 2 != 0 ? double.value : inverse.value }
            return result
        }
        let calls = RunTally()
        bridge.effect { calls.add(current.value) }
        return {
            bridge.withBatch { head.value = 1 }
            if current.value != 40 { return "the sum is \(current.value), not 40" }
            calls.runs = 0
            for i in 0 ..< 100 {
                bridge.withBatch { head.value = i }
            }
            return calls.runs == 100 ? nil : "the effect ran \(calls.runs) times, not 100"
        }
    }

    /// `molBench`'s `fib`.
    static func fib(_ n: Int) -> Int { n < 2 ? 1 : fib(n - 1) + fib(n - 2) }
    /// `molBench`'s `hard`: `n + fib(16)`, computed each time.
    @inline(never)
    static func hard(_ n: Int) -> Int { n + fib(16) }

    /// What `molBench`'s rule D makes: a fresh array of objects each run, never cut off.
    struct Items {
        let x: [Int]
    }

    static func molBench(_ bridge: ReactiveAdapter) -> () -> String? {
        let log = Log()
        let a = bridge.signal(0), b = bridge.signal(0)
        let c = bridge.computed { a.value % 2 + b.value % 2 }
        let d = bridge.computedObject { Items(x: (0 ..< 5).map { $0 + a.value % 2 - b.value % 2 }) }
        let e = bridge.computed { hard(c.value + a.value + d.value.x[0]) }
        let f = bridge.computed { hard(d.value.x[2] != 0 ? d.value.x[2] : b.value) }
        let g = bridge.computed { c.value + (c.value != 0 ? c.value : e.value % 2) + d.value.x[4] + f.value }
        bridge.effect { log.values.append(hard(g.value)) }  // H
        bridge.effect { log.values.append(g.value) }  // I
        bridge.effect { log.values.append(hard(f.value)) }  // J
        // The same formulas in plain Swift, and which effects a batch must run: those whose value
        // changed, in creation order.
        func model(_ a: Int, _ b: Int) -> (f: Int, g: Int) {
            let c = a % 2 + b % 2
            let d = (0 ..< 5).map { $0 + a % 2 - b % 2 }
            let e = hard(c + a + d[0])
            let f = hard(d[2] != 0 ? d[2] : b)
            return (f, c + (c != 0 ? c : e % 2) + d[4] + f)
        }
        var i = 0
        var state = (a: 0, b: 0)
        return {
            i += 1
            log.values.removeAll(keepingCapacity: true)
            var expected: [Int] = []
            for (newA, newB) in [(1 + i * 2, 1), (2 + i * 2, 2)] {
                let before = model(state.a, state.b), after = model(newA, newB)
                if after.g != before.g { expected += [hard(after.g), after.g] }
                if after.f != before.f { expected.append(hard(after.f)) }
                state = (newA, newB)
            }
            bridge.withBatch {
                b.value = 1
                a.value = 1 + i * 2
            }
            bridge.withBatch {
                a.value = 2 + i * 2
                b.value = 2
            }
            return log.values == expected ? nil : "the effects logged \(log.values), not \(expected)"
        }
    }

    /// `molBench`'s `res`.
    final class Log {
        @exclusivity(unchecked) var values: [Int] = []
    }
}
