import Constraints

/// An engine graph set up for a workload, and what one iteration does to it.
struct EngineCase {
    let graph: Graph
    /// Sets the inputs from the given value, reads the result and returns it.
    let step: (Int) -> Int
}

/// A timed workload: an engine graph, and the "floor", plain Swift computing the same values.
///
/// Both the engine and the floor receive the same sequence of input values; before timing, the
/// results of both are compared, so a broken engine cannot be measured silently.
struct Workload {
    let name: String
    let summary: String
    /// The target time per iteration, in nanoseconds.
    let targetNanoseconds: Double
    /// Closures one iteration must run once the graph was evaluated at least once.
    let expectedEvaluations: Int
    /// Builds the graph. Nothing is evaluated yet unless the workload needs it (see its summary).
    let makeEngine: () -> EngineCase
    /// Makes the floor's iteration function; it may keep state between iterations.
    let makeFloor: () -> (Int) -> Int
    /// A run whose result the workload's authors published, checked before timing; `nil` for
    /// workloads of this project's own.
    var published: PublishedRun? = nil

    /// Every timed workload, in report order.
    static var all: [Workload] {
        [chain, fanout, cellx, lazyUnread, cutoff, twoTenByFive]
    }
}

/// Nodes in a chain, rules in a fan-out, layers of cellx.
private let size = 1_000

extension Workload {
    /// `input → 1,000 rules prev + 1`; set the input, read the tail.
    static var chain: Workload {
        Workload(
            name: "chain-1000",
            summary: "input → 1,000 rules `prev + 1`; set the input, read the tail",
            targetNanoseconds: 15_000,
            expectedEvaluations: size,
            makeEngine: {
                let graph = Graph()
                let input = graph.input(0, name: "input")
                var tail = graph.rule { input.value + 1 }
                for _ in 1 ..< size {
                    let previous = tail
                    tail = graph.rule { previous.value + 1 }
                }
                return EngineCase(graph: graph) { [tail] value in
                    input.value = value
                    return tail.value
                }
            },
            makeFloor: {
                let storage = Cell([Int](repeating: 0, count: size + 1))
                return { value in
                    storage.value.withUnsafeMutableBufferPointer { values in
                        var current = value
                        values[0] = current
                        for index in 1 ... size {
                            current += 1
                            values[index] = current
                        }
                        return current
                    }
                }
            }
        )
    }

    /// `input → 1,000 rules input * k → one rule summing them`; set the input, read the sum.
    static var fanout: Workload {
        Workload(
            name: "fanout-1000",
            summary: "input → 1,000 rules `input * k` → one rule summing them; set, read the sum",
            targetNanoseconds: 20_000,
            expectedEvaluations: size + 1,
            makeEngine: {
                let graph = Graph()
                let input = graph.input(0, name: "input")
                let terms = (1 ... size).map { k in graph.rule { input.value * k } }
                let sum = graph.rule {
                    var total = 0
                    for term in terms { total += term.value }
                    return total
                }
                return EngineCase(graph: graph) { value in
                    input.value = value
                    return sum.value
                }
            },
            makeFloor: {
                let storage = Cell([Int](repeating: 0, count: size))
                return { value in
                    storage.value.withUnsafeMutableBufferPointer { terms in
                        for k in 1 ... size { terms[k - 1] = value * k }
                        var total = 0
                        for term in terms { total += term }
                        return total
                    }
                }
            }
        )
    }

    /// The cellx benchmark: 4 inputs, then 1,000 layers of `a' = b, b' = a − c, c' = b + d, d' = c`;
    /// set the 4 inputs in one batch, read the last layer.
    static var cellx: Workload {
        Workload(
            name: "cellx-1000",
            summary: "1,000 layers of a'=b, b'=a−c, c'=b+d, d'=c; set 4 inputs in a batch, read the last layer",
            targetNanoseconds: 120_000,
            expectedEvaluations: 4 * size,
            makeEngine: {
                let graph = Graph()
                let first = cellxInputs(0)
                let a = graph.input(first.a, name: "a"), b = graph.input(first.b, name: "b")
                let c = graph.input(first.c, name: "c"), d = graph.input(first.d, name: "d")
                var la = graph.rule { b.value }
                var lb = graph.rule { a.value - c.value }
                var lc = graph.rule { b.value + d.value }
                var ld = graph.rule { c.value }
                for _ in 1 ..< size {
                    let (pa, pb, pc, pd) = (la, lb, lc, ld)
                    la = graph.rule { pb.value }
                    lb = graph.rule { pa.value - pc.value }
                    lc = graph.rule { pb.value + pd.value }
                    ld = graph.rule { pc.value }
                }
                return EngineCase(graph: graph) { [la, lb, lc, ld] value in
                    let new = cellxInputs(value)
                    graph.batch {
                        a.value = new.a
                        b.value = new.b
                        c.value = new.c
                        d.value = new.d
                    }
                    return hash(la.value, lb.value, lc.value, ld.value)
                }
            },
            makeFloor: {
                // Layer `n` is stored at indices 4n ..< 4n + 4 (a, b, c, d); layer 0 holds the inputs.
                let storage = Cell([Int](repeating: 0, count: 4 * (size + 1)))
                return { value in
                    storage.value.withUnsafeMutableBufferPointer { cells in
                        var (a, b, c, d) = cellxInputs(value)
                        (cells[0], cells[1], cells[2], cells[3]) = (a, b, c, d)
                        for layer in 1 ... size {
                            (a, b, c, d) = (b, a - c, b + d, c)
                            let n = 4 * layer
                            (cells[n], cells[n + 1], cells[n + 2], cells[n + 3]) = (a, b, c, d)
                        }
                        return hash(a, b, c, d)
                    }
                }
            }
        )
    }

    /// `input → 1,000 independent rules input + k`, all evaluated once at setup; set the input,
    /// read only the last rule.
    static var lazyUnread: Workload {
        Workload(
            name: "lazy-unread-1000",
            summary: "input → 1,000 rules `input + k` (each read once at setup); set, read only one",
            targetNanoseconds: 4_000,
            expectedEvaluations: 1,
            makeEngine: {
                let graph = Graph()
                let input = graph.input(0, name: "input")
                let rules = (1 ... size).map { k in graph.rule { input.value + k } }
                // Evaluated once, every rule is a reader of the input, so each write marks all 1,000.
                for rule in rules { blackHole(rule.value) }
                let read = rules[size - 1]
                return EngineCase(graph: graph) { value in
                    input.value = value
                    return read.value
                }
            },
            makeFloor: {
                { value in value + size }
            }
        )
    }

    /// `x → y = (x > 0 ? 1 : 0) → chain of 1,000 rules y + 1`; set x to a new positive value, read
    /// the tail. Only y may run: its value does not change, so the chain is cut off.
    static var cutoff: Workload {
        Workload(
            name: "cutoff",
            summary: "x → y = (x > 0 ? 1 : 0) → 1,000 rules `prev + 1`; set x > 0, read the tail (only y runs)",
            targetNanoseconds: 8_000,
            expectedEvaluations: 1,
            makeEngine: {
                let graph = Graph()
                let x = graph.input(0, name: "x")
                let y = graph.rule(name: "y") { x.value > 0 ? 1 : 0 }
                var tail = graph.rule { y.value + 1 }
                for _ in 1 ..< size {
                    let previous = tail
                    tail = graph.rule { previous.value + 1 }
                }
                return EngineCase(graph: graph) { [tail] value in
                    x.value = value
                    return tail.value
                }
            },
            makeFloor: {
                let lastY = Cell(0), tail = Cell(size)
                return { value in
                    let y = value > 0 ? 1 : 0
                    if y != lastY.value {
                        lastY.value = y
                        tail.value = y
                        for _ in 1 ... size { tail.value += 1 }
                    }
                    return tail.value
                }
            }
        )
    }
}

/// A benchmark run with a published result: `batches` iterations from a fresh graph.
struct PublishedRun {
    let batches: Int
    /// The published result and number of closures run.
    let result: Int
    let evaluations: Int
    /// Runs the given number of iterations on a fresh engine graph; returns the result and the
    /// closures run.
    let runEngine: (Int) -> (result: Int, evaluations: Int)
    /// The same figures computed in plain Swift, for runs shortened by `--quick` or `--iterations`.
    let runModel: (Int) -> (result: Int, evaluations: Int)
}

extension Workload {
    /// js-reactivity-benchmark's `2-10x5 - lazy80%` (see ``LayeredGraphShape``): small updates,
    /// where fixed per-batch costs dominate. One iteration is a batch of one write, then a read of
    /// the 2 read leaves; 5.8 closures run per iteration on average.
    static var twoTenByFive: Workload {
        let shape = LayeredGraphShape.twoTenByFive
        return Workload(
            name: "2-10x5-lazy80%",
            summary: "js-reactivity-benchmark's 2-10x5 - lazy80%: 10 inputs, 4 rows of 2-input sums; "
                + "a batch of one write, read 2 of the 10 leaves",
            targetNanoseconds: 400,
            // Iteration 2 writes input 2, under 7 rules of the read leaves' cones.
            expectedEvaluations: 7,
            makeEngine: {
                let graph = Graph()
                let (inputs, leaves) = shape.build(in: graph)
                return EngineCase(graph: graph) { iteration in
                    let (input, value) = shape.write(for: iteration)
                    graph.batch { inputs[input].value = value }
                    var sum = 0
                    for leaf in leaves { sum += leaf.value }
                    return sum
                }
            },
            makeFloor: {
                // A leaf is a weighted sum of the inputs it depends on: the weights are the
                // coefficients of (1 + x + … + x^(nSources − 1))^(rows), Pascal's triangle for 2.
                var weights = [1]
                for _ in 1 ..< shape.totalLayers {
                    var next = [Int](repeating: 0, count: weights.count + shape.nSources - 1)
                    for (index, weight) in weights.enumerated() {
                        for offset in 0 ..< shape.nSources { next[index + offset] += weight }
                    }
                    weights = next
                }
                let inputs = Cell(Array(0 ..< shape.width))
                let leaves = shape.readLeafIndices
                return { [weights] iteration in
                    inputs.value.withUnsafeMutableBufferPointer { values in
                        let (input, value) = shape.write(for: iteration)
                        values[input] = value
                        var sum = 0
                        for leaf in leaves {
                            for (offset, weight) in weights.enumerated() {
                                sum += weight * values[(leaf + offset) % shape.width]
                            }
                        }
                        return sum
                    }
                }
            },
            published: PublishedRun(
                batches: LayeredGraphShape.publishedBatches,
                result: LayeredGraphShape.publishedSum,
                evaluations: LayeredGraphShape.publishedEvaluations,
                runEngine: { shape.runOnEngine(iterations: $0) },
                runModel: { LayeredGraphModel.run(shape, iterations: $0) }
            )
        )
    }
}

/// State a floor keeps between iterations, like the values the engine caches.
///
/// A `var` captured by an escaping closure would be checked for exclusive access at run time on
/// every use; the floor must measure arithmetic, not those checks.
final class Cell<Value> {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The cellx inputs for iteration `value`. Scaling each input differently makes every node of
/// every layer change value at every iteration, so no cutoff hides work.
private func cellxInputs(_ value: Int) -> (a: Int, b: Int, c: Int, d: Int) {
    (value, 10 * value, 100 * value, 1_000 * value)
}

/// Combines the four values of the last cellx layer into one result.
private func hash(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(a)
    hasher.combine(b)
    hasher.combine(c)
    hasher.combine(d)
    return hasher.finalize()
}
