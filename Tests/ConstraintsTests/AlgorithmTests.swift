import Constraints
import Testing

/// Issue 2, item 1: the faithful Hudson algorithm (mark phase, lazy evaluate phase, ordered input
/// checks, equality cutoff, glitch freedom, dynamic dependencies, no edges from bringing inputs up
/// to date).
@Suite struct AlgorithmTests {
    // MARK: Mark phase

    /// A second write before any read marks nothing: the mark phase stops at marked nodes.
    @Test func markPhaseStopsAtAlreadyMarkedNodes() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(0, name: "a")
        var chain: [Rule<Int>] = []
        var previous = graph.rule(name: "r0") { a.value + 1 }
        chain.append(previous)
        for index in 1 ..< 10 {
            let p = previous
            previous = graph.rule(name: "r\(index)") { p.value + 1 }
            chain.append(previous)
        }
        #expect(chain[9].value == 10)
        let base = graph.statistics

        a.value = 1
        #expect(delta(base, graph.statistics).marks == 10)
        #expect(delta(base, graph.statistics).evaluations == 0, "marking evaluates nothing")
        a.value = 2
        a.value = 3
        #expect(delta(base, graph.statistics).marks == 10, "writes before a read cost no further marks")
        for rule in chain { #expect(graph.marks(of: rule) == 1) }

        // Reading the middle clears the top half only; the next write re-marks just that half and
        // stops at r5, which is still marked.
        #expect(chain[4].value == 8)
        #expect(chain[5].state.contains(.dirty))
        let middle = graph.statistics
        a.value = 4
        #expect(delta(middle, graph.statistics).marks == 5)
        #expect(chain[9].value == 14)
        // r0...r4 ran for the middle read and again for the tail read; r5...r9 once.
        #expect(delta(base, graph.statistics).evaluations == 15)
    }

    /// A node reached along two paths is marked once.
    @Test func diamondIsMarkedOncePerNode() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        let c = graph.rule(name: "c") { a.value * 2 }
        let d = graph.rule(name: "d") { b.value + c.value }
        #expect(d.value == 4)
        let base = graph.statistics
        a.value = 2
        #expect(delta(base, graph.statistics).marks == 3)
        #expect(graph.marks(of: d) == 1)
        #expect(d.value == 7)
    }

    // MARK: Laziness

    /// Rules that nobody reads never run, however often their inputs change.
    @Test func nodeNobodyReadsNeverRuns() {
        let graph = Graph(recordsNodeStatistics: true)
        let log = RunLog()
        let a = graph.input(0, name: "a")
        let b = graph.rule(name: "b") { log.record("b"); return a.value + 1 }
        let c = graph.rule(name: "c") { log.record("c"); return b.value + 1 }
        for value in 1 ... 50 { a.value = value }
        graph.flush()
        #expect(log.entries.isEmpty)
        #expect(graph.statistics.evaluations == 0)
        #expect(graph.evaluations(of: b) == 0)
        #expect(!c.state.contains(.valueExists))
    }

    /// Of 100 rules on one input, reading one runs exactly that one.
    @Test func readingOneOfManyRunsOnlyIt() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let rules = (0 ..< 100).map { k in graph.rule(name: "r\(k)") { a.value * k } }
        #expect(rules[42].value == 42)
        #expect(graph.statistics.evaluations == 1)
        a.value = 2
        #expect(rules[42].value == 84)
        #expect(graph.statistics.evaluations == 2)
        #expect(rules[7].state.contains(.dirty) == false, "never-run rules are not marked: they have no edges")
    }

    /// A demanded node runs at most once per batch of changes, even when many of its inputs changed
    /// and it is reached along several paths.
    @Test func demandedNodeRunsAtMostOncePerBatch() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.input(2, name: "b")
        let x = graph.rule(name: "x") { a.value + b.value }
        let y = graph.rule(name: "y") { a.value * b.value }
        let z = graph.rule(name: "z") { x.value + y.value }
        let w = graph.rule(name: "w") { z.value + x.value + y.value + a.value }
        #expect(w.value == 1 + 2 * (3 + 2))
        graph.resetStatistics()

        graph.batch {
            a.value = 3
            b.value = 4
        }
        #expect(w.value == 3 + 2 * (7 + 12))
        for rule in [x, y, z, w] { #expect(graph.evaluations(of: rule) == 1) }
        #expect(w.value == 41)
        #expect(z.value == 19)
        #expect(graph.statistics.evaluations == 4, "further reads use the cache")
    }

    /// A rule reading ten inputs that all changed in one batch runs once.
    @Test func wideFanInRunsOnce() {
        let graph = Graph(recordsNodeStatistics: true)
        let inputs = (0 ..< 10).map { graph.input($0, name: "i\($0)") }
        let sum = graph.rule(name: "sum") { inputs.reduce(0) { $0 + $1.value } }
        #expect(sum.value == 45)
        graph.batch { for input in inputs { input.value += 1 } }
        #expect(sum.value == 55)
        #expect(graph.evaluations(of: sum) == 2)
    }

    /// A node runs only if one of its inputs changed value: equal writes and marks whose cause
    /// turned out unchanged cost no evaluation.
    @Test func runsOnlyWhenAnInputChangedValue() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(5, name: "a")
        let b = graph.rule(name: "b") { a.value * 2 }
        #expect(b.value == 10)
        let base = graph.statistics
        a.value = 5
        #expect(delta(base, graph.statistics).marks == 0, "an equal write marks nothing")
        #expect(delta(base, graph.statistics).inputChanges == 0)
        #expect(!b.state.contains(.dirty))
        #expect(b.value == 10)
        #expect(graph.evaluations(of: b) == 1)

        // Changed and changed back across two separate writes: marked, and the walk finds the
        // input changed since b ran, so b re-runs (once) and is cut off.
        a.value = 6
        a.value = 5
        #expect(b.value == 10)
        #expect(graph.evaluations(of: b) == 2)
        #expect(graph.statistics(of: b)?.cutoffs == 1)
    }

    // MARK: Ordered input checks

    /// A rule whose branch switched does not force the input it no longer reads: inputs are checked
    /// in last-read order and checking stops at the first one that changed.
    @Test func switchedBranchDoesNotForceUnreadInput() {
        let graph = Graph(recordsNodeStatistics: true)
        let log = RunLog()
        let cond = graph.input(true, name: "cond")
        let xIn = graph.input(1, name: "xIn")
        let yIn = graph.input(2, name: "yIn")
        let x = graph.rule(name: "x") { log.record("x"); return xIn.value * 10 }
        let y = graph.rule(name: "y") { log.record("y"); return yIn.value * 10 }
        let r = graph.rule(name: "r") { log.record("r"); return cond.value ? x.value : y.value }
        #expect(r.value == 10)
        #expect(log.entries == ["r", "x"])
        #expect(graph.recordedInputs(of: r) == [cond.id.index, x.id.index])

        log.clear()
        graph.batch {
            cond.value = false
            xIn.value = 5  // x is out of date, but r's new branch does not need it
        }
        #expect(x.state.contains(.dirty))
        #expect(r.value == 20)
        #expect(log.entries == ["r", "y"])
        #expect(graph.evaluations(of: x) == 1, "the unread input was not brought up to date")
        #expect(x.state.contains(.dirty), "x stays out of date until someone reads it")
        #expect(graph.recordedInputs(of: r) == [cond.id.index, y.id.index])
        #expect(x.value == 50)
    }

    /// When the first input is a rule, it is brought up to date first; if it changed, the reader
    /// re-runs at once and later inputs its new run does not read are never brought up to date.
    @Test func checkingStopsAtFirstChangedRuleInput() {
        let graph = Graph(recordsNodeStatistics: true)
        let log = RunLog()
        let pIn = graph.input(0, name: "pIn")
        let qIn = graph.input(1, name: "qIn")
        let p = graph.rule(name: "p") { log.record("p"); return pIn.value }
        let q = graph.rule(name: "q") { log.record("q"); return qIn.value }
        let r = graph.rule(name: "r") { log.record("r"); return p.value > 0 ? p.value : q.value }
        #expect(r.value == 1)
        log.clear()
        graph.batch {
            pIn.value = 3
            qIn.value = 9
        }
        #expect(r.value == 3)
        #expect(log.entries == ["p", "r"])
        #expect(graph.evaluations(of: q) == 1)
        #expect(graph.recordedInputs(of: r) == [p.id.index])
    }

    /// The walk visits inputs in the order the rule last read them: a cut-off first input lets the
    /// walk continue to the second; the reversed rule checks the second input first.
    @Test func inputsAreCheckedInLastReadOrder() {
        let graph = Graph()
        let log = RunLog()
        let pIn = graph.input(1, name: "pIn")
        let qIn = graph.input(1, name: "qIn")
        let p = graph.rule(name: "p") { log.record("p"); return pIn.value / 10 }
        let q = graph.rule(name: "q") { log.record("q"); return qIn.value }
        let pq = graph.rule(name: "pq") { log.record("pq"); return p.value + q.value }
        let qp = graph.rule(name: "qp") { log.record("qp"); return q.value * 100 + p.value }
        #expect(pq.value == 1)
        #expect(qp.value == 100)

        log.clear()
        graph.batch {
            pIn.value = 2  // p re-runs and is cut off (still 0)
            qIn.value = 2  // q changes
        }
        #expect(pq.value == 2)
        #expect(log.entries == ["p", "q", "pq"])

        log.clear()
        graph.batch {
            pIn.value = 3
            qIn.value = 3
        }
        #expect(qp.value == 300)
        // q first (changed), so qp re-runs straight away; p is only brought up to date when qp's
        // closure reads it.
        #expect(log.entries == ["q", "qp", "p"])
    }

    // MARK: Cutoff

    /// An Equatable rule whose new value equals the old one does not re-run its readers.
    @Test func equalityCutoffStopsPropagation() {
        let graph = Graph(recordsNodeStatistics: true)
        let x = graph.input(5, name: "x")
        let y = graph.rule(name: "y") { x.value > 0 ? 1 : 0 }
        var previous = y
        var chain: [Rule<Int>] = []
        for index in 0 ..< 20 {
            let p = previous
            previous = graph.rule(name: "c\(index)") { p.value + 1 }
            chain.append(previous)
        }
        #expect(chain.last!.value == 21)
        graph.resetStatistics()

        x.value = 7
        #expect(graph.statistics.marks == 21)
        #expect(chain.last!.value == 21)
        #expect(graph.statistics.evaluations == 1, "only y ran")
        #expect(graph.statistics.cutoffs == 1)
        #expect(graph.statistics(of: y)?.cutoffs == 1)
        for rule in chain {
            #expect(graph.evaluations(of: rule) == 0)
            #expect(!rule.state.contains(.dirty))
        }

        x.value = -1
        #expect(chain.last!.value == 20)
        #expect(graph.statistics.evaluations == 1 + 21)
    }

    /// Long chains in a graph without per-node counters, where marks and walks along nodes with a
    /// single input and a single reader take a faster path: every node is marked once, the
    /// main-thread flag reaches the nodes below a rule that requires it and only those, the cutoff
    /// stops the chain, and a two-input rule above the chain re-runs for its other input alone.
    @Test func longChainsAreMarkedCutOffAndJoinedAsElsewhere() {
        let graph = Graph()
        let x = graph.input(5, name: "x")
        let z = graph.input(0, name: "z")
        var runs = 0
        func chain(from start: Rule<Int>, count: Int, name: String) -> [Rule<Int>] {
            var rules: [Rule<Int>] = []
            var previous = start
            for index in 0 ..< count {
                let p = previous
                previous = graph.rule(name: "\(name)\(index)") { runs += 1; return p.value + 1 }
                rules.append(previous)
            }
            return rules
        }
        let y = graph.rule(name: "y") { runs += 1; return x.value > 0 ? 1 : 0 }
        let lower = chain(from: y, count: 50, name: "lower")
        let main = graph.rule(name: "main", requiresMainThread: true) { [p = lower.last!] in runs += 1; return p.value }
        let upper = chain(from: main, count: 20, name: "upper")
        let join = graph.rule(name: "join") { [p = upper.last!] in runs += 1; return p.value + z.value }
        let top = chain(from: join, count: 10, name: "top")
        #expect(top.last!.value == 81)
        #expect(runs == 83)

        graph.resetStatistics()
        runs = 0
        x.value = 7
        #expect(graph.statistics.marks == 83)
        #expect(lower[10].state.contains(.dirty) && !lower[10].state.contains(.mainThread))
        #expect(upper[5].state.isSuperset(of: [.dirty, .mainThread]))
        #expect(top[9].state.isSuperset(of: [.dirty, .mainThread]))
        #expect(top.last!.value == 81)
        #expect(runs == 1, "only y ran")
        #expect(graph.statistics.cutoffs == 1)
        for rule in lower + [main] + upper + [join] + top {
            #expect(rule.state.isDisjoint(with: [.dirty, .mainThread]))
        }

        runs = 0
        z.value = 1
        #expect(top.last!.value == 82)
        #expect(runs == 11, "join and the ten rules above it")

        runs = 0
        x.value = -1
        #expect(top.last!.value == 81)
        #expect(runs == 83)
    }

    /// A rule's `initialValue:` is its value before its first run (what a cyclic read returns), so
    /// a first run that computes the same value is a cutoff; one that computes another is a change.
    @Test func firstRunIsComparedWithTheInitialValue() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let same = graph.rule(name: "same", initialValue: 2) { a.value * 2 }
        let other = graph.rule(name: "other", initialValue: 0) { a.value * 2 }
        var before = graph.statistics
        #expect(same.value == 2)
        #expect(delta(before, graph.statistics).cutoffs == 1)
        before = graph.statistics
        #expect(other.value == 2)
        #expect(delta(before, graph.statistics).cutoffs == 0)
        before = graph.statistics
        a.value = 2
        #expect(same.value == 4 && other.value == 4)
        #expect(delta(before, graph.statistics).cutoffs == 0)
        #expect(delta(before, graph.statistics).evaluations == 2)
    }

    /// Values that are not Equatable count as changed whenever written or re-evaluated: no cutoff.
    @Test func nonEquatableValuesAlwaysCountAsChanged() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(Opaque(number: 1), name: "a")
        let b = graph.rule(name: "b") { Opaque(number: a.value.number > 0 ? 1 : 0) }
        let c = graph.rule(name: "c") { b.value.number + 1 }
        #expect(c.value == 2)
        a.value = Opaque(number: 1)  // same contents, still a change
        #expect(graph.statistics.inputChanges == 1)
        #expect(c.value == 2)
        #expect(graph.evaluations(of: b) == 2)
        #expect(graph.evaluations(of: c) == 2, "b is not Equatable, so c re-runs")
        #expect(graph.statistics.cutoffs == 1, "only c (an Int) was cut off")
    }

    // MARK: Glitch freedom

    /// Readers of a diamond never observe one side updated and the other stale.
    @Test func diamondsAreGlitchFree() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        // An unbalanced diamond: one side three rules deep, the other one.
        let c1 = graph.rule(name: "c1") { a.value * 2 }
        let c2 = graph.rule(name: "c2") { c1.value + 0 }
        let c3 = graph.rule(name: "c3") { c2.value * 1 }
        var observed: [(Int, Int)] = []
        let d = graph.rule(name: "d") { () -> Int in
            let pair = (b.value, c3.value)
            observed.append(pair)
            return pair.0 + pair.1
        }
        var effectObserved: [(Int, Int, Int)] = []
        let effect = graph.effect(name: "watch") { effectObserved.append((a.value, b.value, c3.value)) }

        #expect(d.value == 4)
        for value in 2 ... 30 {
            if value % 3 == 0 {
                graph.batch { a.value = value; a.value = value + 100; a.value = value }
            } else {
                a.value = value
            }
            if value % 2 == 0 { graph.flush() }
            #expect(d.value == (value + 1) + value * 2)
        }
        graph.flush()
        for (bValue, cValue) in observed { #expect(cValue == 2 * (bValue - 1)) }
        for (aValue, bValue, cValue) in effectObserved {
            #expect(bValue == aValue + 1)
            #expect(cValue == 2 * aValue)
        }
        #expect(observed.count == 30, "d ran once per change")
        #expect(graph.evaluations(of: d) == 30)
        #expect(effectObserved.count == 16)
        effect.cancel()
    }

    // MARK: Dynamic dependencies

    /// Reads record edges in read order; an input no longer read loses its edge, and writing it
    /// then marks and evaluates nothing.
    @Test func dynamicDependenciesAreRecordedAndDropped() {
        let graph = Graph(recordsNodeStatistics: true)
        let useX = graph.input(true, name: "useX")
        let x = graph.input(1, name: "x")
        let y = graph.input(2, name: "y")
        let r = graph.rule(name: "r") { useX.value ? x.value : y.value }
        #expect(r.value == 1)
        #expect(graph.recordedInputs(of: r) == [useX.id.index, x.id.index])
        #expect(graph.statistics(of: r)?.edgesAdded == 2)

        useX.value = false
        #expect(r.value == 2)
        #expect(graph.recordedInputs(of: r) == [useX.id.index, y.id.index])
        #expect(graph.statistics(of: r)?.edgesAdded == 3)
        #expect(graph.statistics(of: r)?.edgesRemoved == 1)

        let base = graph.statistics
        for value in 10 ..< 20 { x.value = value }
        #expect(delta(base, graph.statistics).marks == 0, "x no longer has r as a reader")
        #expect(!r.state.contains(.dirty))
        #expect(r.value == 2)
        #expect(delta(base, graph.statistics).evaluations == 0)
        #expect(delta(base, graph.statistics).inputChanges == 10)

        y.value = 3
        #expect(r.value == 3)
        useX.value = true
        #expect(r.value == 19)
        #expect(graph.recordedInputs(of: r) == [useX.id.index, x.id.index])
    }

    /// Reading the same node several times in one run records a single edge.
    @Test func repeatedReadsRecordOneEdge() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(2, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        let r = graph.rule(name: "r") { a.value * b.value + a.value + b.value }
        #expect(r.value == 2 * 3 + 2 + 3)
        #expect(graph.recordedInputs(of: r) == [a.id.index, b.id.index])
        a.value = 3
        #expect(r.value == 3 * 4 + 3 + 4)
        #expect(graph.recordedInputs(of: r) == [a.id.index, b.id.index])
        #expect(graph.statistics(of: r)?.edgesAdded == 2)
        #expect(graph.statistics(of: r)?.edgesRemoved == 0)
    }

    /// A repeated read of a node read long before in the same run (here 20 reads earlier) also
    /// records one edge, and the recorded list stays the same from run to run.
    @Test func repeatedReadFarBackRecordsOneEdge() {
        let graph = Graph(recordsNodeStatistics: true)
        let inputs = (0 ..< 20).map { graph.input($0, name: "i\($0)") }
        let r = graph.rule(name: "r") { inputs.reduce(0) { $0 + $1.value } + inputs[0].value }
        #expect(r.value == 190)
        for value in 1 ... 3 {
            inputs[0].value = value
            #expect(r.value == 190 + 2 * value)
        }
        #expect(graph.recordedInputs(of: r) == inputs.map(\.id.index))
        #expect(graph.statistics(of: r)?.edgesAdded == 20)
        #expect(graph.statistics(of: r)?.edgesRemoved == 0)
        #expect(graph.evaluations(of: r) == 4)
    }

    /// Repeated reads of rules that the read itself brings up to date, and a new read after a
    /// repeated one: each term runs once per change, and the edges are exactly what was read.
    @Test func repeatedReadsAroundEvaluationsAndNewReads() {
        let graph = Graph(recordsNodeStatistics: true)
        let x = graph.input(1, name: "x")
        let extra = graph.input(false, name: "extra")
        let e = graph.input(100, name: "e")
        let terms = (1 ... 12).map { k in graph.rule(name: "t\(k)") { x.value * k } }
        let sum = graph.rule(name: "sum") {
            var total = 0
            for term in terms { total += term.value * term.value }
            return total + terms[0].value + (extra.value ? e.value : 0)
        }
        func expected(_ x: Int, _ withExtra: Bool) -> Int {
            (1 ... 12).reduce(0) { $0 + (x * $1) * (x * $1) } + x + (withExtra ? 100 : 0)
        }
        #expect(sum.value == expected(1, false))
        x.value = 2
        #expect(sum.value == expected(2, false))
        extra.value = true
        #expect(sum.value == expected(2, true))
        #expect(graph.recordedInputs(of: sum) == terms.map(\.id.index) + [extra.id.index, e.id.index])
        x.value = 3
        #expect(sum.value == expected(3, true))
        for term in terms { #expect(graph.evaluations(of: term) == 3) }
        #expect(graph.statistics(of: sum)?.edgesAdded == 14)
        #expect(graph.statistics(of: sum)?.edgesRemoved == 0)
        extra.value = false
        #expect(sum.value == expected(3, false))
        #expect(graph.recordedInputs(of: sum) == terms.map(\.id.index) + [extra.id.index])
        #expect(graph.statistics(of: sum)?.edgesRemoved == 1)
    }

    /// Repeated reads of a rule's only input, which an input's inlined read takes: the first run
    /// (appending its reads), later runs that read the same, a run whose first read is another
    /// input (diverging, after which a read of the old input again is not a repeat) and a run that
    /// adds a read after the repeats. Values, runs and edges are what one read of each gives.
    @Test func repeatedReadsOfASingleInput() {
        let graph = Graph(recordsNodeStatistics: true)
        let x = graph.input(2, name: "x")
        let y = graph.input(10, name: "y")
        let mode = graph.input(0, name: "mode")
        let r = graph.rule(name: "r") { () -> Int in
            switch graph.withoutRecordingReads({ mode.value }) {
            case 0: return x.value * x.value + x.value
            case 1: return y.value + x.value * x.value
            default: return x.value + x.value + y.value
            }
        }
        #expect(r.value == 6)
        #expect(graph.recordedInputs(of: r) == [x.id.index])
        x.value = 3
        #expect(r.value == 12)
        #expect(graph.recordedInputs(of: r) == [x.id.index])
        #expect(graph.evaluations(of: r) == 2)
        #expect(graph.statistics(of: r)?.edgesAdded == 1)

        // mode is untracked: invalidate r through x, then read with the new mode.
        mode.value = 1
        x.value = 4
        #expect(r.value == 10 + 16)
        #expect(graph.recordedInputs(of: r) == [y.id.index, x.id.index])
        y.value = 11
        #expect(r.value == 11 + 16)

        mode.value = 2
        x.value = 5
        #expect(r.value == 5 + 5 + 11)
        #expect(graph.recordedInputs(of: r) == [x.id.index, y.id.index])
        y.value = 12
        #expect(r.value == 5 + 5 + 12)
        #expect(graph.evaluations(of: r) == 6)
        #expect(graph.statistics(of: r)?.edgesAdded == 2)
        #expect(graph.statistics(of: r)?.edgesRemoved == 0)

        // An effect's first run appends its reads: its repeats of the one input record nothing.
        var seen: [Int] = []
        let effect = graph.effect { seen.append(x.value + x.value + x.value) }
        x.value = 6
        graph.flush()
        #expect(seen == [15, 18])
        #expect(graph.statistics.edgesAdded - graph.statistics.edgesRemoved == 3)
        effect.cancel()
    }

    // MARK: No edges from bringing inputs up to date

    /// Bringing an input up to date (walk or nested read) records no edge on the node being
    /// updated: each rule's inputs are exactly what its own closure read.
    @Test func bringingInputsUpToDateRecordsNoEdge() {
        let graph = Graph()
        let x = graph.input(5, name: "x")
        let b = graph.rule(name: "b") { x.value > 0 ? 1 : 0 }
        let c = graph.rule(name: "c") { b.value + 1 }
        let d = graph.rule(name: "d") { c.value * 10 }
        #expect(d.value == 20)
        #expect(graph.recordedInputs(of: b) == [x.id.index])
        #expect(graph.recordedInputs(of: c) == [b.id.index])
        #expect(graph.recordedInputs(of: d) == [c.id.index])

        // Cut off at b: the walk from d brings c and b up to date without running c or d.
        x.value = 7
        #expect(d.value == 20)
        #expect(graph.recordedInputs(of: c) == [b.id.index])
        #expect(graph.recordedInputs(of: d) == [c.id.index])

        // b changes: c and d re-run; c's walk happens inside d's evaluation.
        x.value = -7
        #expect(d.value == 10)
        #expect(graph.recordedInputs(of: c) == [b.id.index])
        #expect(graph.recordedInputs(of: d) == [c.id.index])

        // A closure that reads a dirty rule brings it up to date from inside its own run: the
        // rules run on the way belong to that rule's edges, not to the running closure's.
        let e = graph.rule(name: "e") { d.value + 1 }
        x.value = 9
        #expect(e.value == 21)
        #expect(graph.recordedInputs(of: e) == [d.id.index])
        #expect(graph.recordedInputs(of: d) == [c.id.index])
        #expect(graph.statistics.edgesAdded == 4)
        #expect(graph.statistics.edgesRemoved == 0)
        #expect(x.state.contains(.valueExists))
        #expect(graph.recordedInputs(of: x).isEmpty)
    }
}

/// `invalidateAll()`: the no-memoisation baseline.
@Suite struct InvalidateAllTests {
    /// Every demanded rule re-runs once, undemanded ones do not, and values are unchanged.
    @Test func rerunsEveryDemandedRuleOnce() {
        let graph = Graph()
        let a = graph.input(2, name: "a")
        let b = graph.rule(name: "b") { a.value * 10 }
        let c = graph.rule(name: "c") { b.value + 1 }
        let unread = graph.rule(name: "unread") { a.value - 1 }
        #expect(c.value == 21)
        var runs = 0
        let effect = graph.effect(name: "e") { runs += 1; _ = c.value }
        let before = graph.statistics.evaluations
        graph.invalidateAll()
        #expect(c.value == 21)
        #expect(graph.statistics.evaluations - before == 2)
        graph.flush()
        #expect(runs == 2)
        #expect(unread.state.contains(.valueExists) == false)
        effect.cancel()
    }
}

/// `withoutRecordingReads`: configuration reads that record no edge.
@Suite struct UntrackedReadTests {
    /// A rule's untracked read records no edge, so changes to what it read do not re-run it; the
    /// node read still records its own inputs.
    @Test func untrackedReadRecordsNoEdge() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.input(10, name: "b")
        let inner = graph.rule(name: "inner") { b.value + 1 }
        var runs = 0
        let outer = graph.rule(name: "outer") { () -> Int in
            runs += 1
            let configured = graph.withoutRecordingReads { inner.value }
            return a.value + configured
        }
        #expect(outer.value == 12)
        b.value = 20
        #expect(outer.value == 12, "outer did not read inner as a dependency")
        #expect(runs == 1)
        #expect(inner.value == 21, "inner recorded its own read of b")
        a.value = 2
        #expect(outer.value == 23)
        #expect(runs == 2)
    }
}
