import Constraints

/// The rectangular graphs of js-reactivity-benchmark's dynamic-graph tests (its `makeGraph` and
/// `runGraph`), rebuilt here for the engine: `width` inputs, then `totalLayers - 1` rows of `width`
/// rules, where rule `j` of a row sums nodes `j, j + 1, …, j + nSources - 1` (wrapping) of the row
/// before. Iteration `i` writes `i + i % width` into input `i % width` in a batch of its own, then
/// reads the leaves that a seeded removal kept (`readFraction` of the last row).
///
/// Only static rules are built: the one configuration here, `2-10x5 - lazy80%`, has a static
/// fraction of 1 (the generator still draws no leaf choice from that stream).
struct LayeredGraphShape {
    let width: Int
    let totalLayers: Int
    let nSources: Int
    let readFraction: Double

    /// `2-10x5 - lazy80%`, the first test of the project's `perfTests` (its "simple component"):
    /// 10 inputs, 4 rows of 2-input sums, 2 of the 10 leaves read.
    static let twoTenByFive = LayeredGraphShape(width: 10, totalLayers: 5, nSources: 2, readFraction: 0.2)

    /// The published result of `2-10x5 - lazy80%`: after 600,000 iterations on a graph whose
    /// leaves were read once, the read leaves sum to 19,199,968, and the rules ran 3,480,000 times
    /// (5.8 per iteration).
    static let publishedBatches = 600_000
    static let publishedSum = 19_199_968
    static let publishedEvaluations = 3_480_000

    /// Which leaves are read: the generator copies the last row and removes
    /// `round(width × (1 − readFraction))` entries, each at `⌊random × count⌋` of a generator seeded
    /// with `"seed"`. For `2-10x5` that keeps leaves 1 and 4.
    var readLeafIndices: [Int] {
        var random = SeededRandom(seed: "seed")
        var kept = Array(0 ..< width)
        let removals = Int((Double(width) * (1 - readFraction)).rounded())
        for _ in 0 ..< removals {
            kept.remove(at: Int(random.next() * Double(kept.count)))
        }
        return kept
    }

    /// The indices of the nodes of the row before that node `index` sums.
    func sources(of index: Int) -> [Int] {
        (0 ..< nSources).map { (index + $0) % width }
    }

    /// The value iteration `iteration` writes, and into which input.
    func write(for iteration: Int) -> (input: Int, value: Int) {
        (iteration % width, iteration + iteration % width)
    }
}

/// The generator's pseudo-random numbers: sfc32 seeded with four words of a MurmurHash3-style
/// string hash (both public-domain algorithms), so that the leaves chosen are the project's own.
struct SeededRandom {
    private var a, b, c, d: UInt32

    init(seed: String) {
        var hash: UInt32 = 2_166_136_261
        let units = Array(seed.utf16)
        for unit in units {
            var k = UInt32(unit) &* 3_432_918_353
            k = k << 15 | k >> 17
            hash ^= k &* 461_845_907
            hash = hash << 13 | hash >> 19
            hash = hash &* 5 &+ 3_864_292_196
        }
        hash ^= UInt32(units.count)
        func nextWord() -> UInt32 {
            hash ^= hash >> 16
            hash = hash &* 2_246_822_507
            hash ^= hash >> 13
            hash = hash &* 3_266_489_909
            hash ^= hash >> 16
            return hash
        }
        (a, b, c, d) = (nextWord(), nextWord(), nextWord(), nextWord())
    }

    /// The next number in [0, 1).
    mutating func next() -> Double {
        var t = a &+ b
        a = b ^ b >> 9
        b = c &+ c << 3
        c = c << 21 | c >> 11
        d = d &+ 1
        t = t &+ d
        c = c &+ t
        return Double(t) / 4_294_967_296
    }
}

extension LayeredGraphShape {
    /// Builds the graph in `graph` and reads the chosen leaves once (the project materialises the
    /// graph with an effect that reads them); returns the inputs and the read leaves.
    func build(in graph: Graph) -> (inputs: [Input<Int>], leaves: [Rule<Int>]) {
        let inputs = (0 ..< width).map { graph.input($0) }
        var row = (0 ..< width).map { index in
            let read = sources(of: index).map { inputs[$0] }
            return graph.rule { read.reduce(0) { $0 + $1.value } }
        }
        for _ in 2 ..< totalLayers {
            let previous = row
            row = (0 ..< width).map { index in
                let read = sources(of: index).map { previous[$0] }
                return graph.rule { read.reduce(0) { $0 + $1.value } }
            }
        }
        let leaves = readLeafIndices.map { row[$0] }
        for leaf in leaves { blackHole(leaf.value) }
        return (inputs, leaves)
    }

    /// Runs iterations `0 ..< count` on a fresh graph, as the project's timed run does; returns the
    /// sum of the read leaves and the number of closures run.
    func runOnEngine(iterations count: Int) -> (result: Int, evaluations: Int) {
        let graph = Graph()
        let (inputs, leaves) = build(in: graph)
        let before = graph.statistics.evaluations
        for iteration in 0 ..< count {
            let (input, value) = write(for: iteration)
            graph.batch { inputs[input].value = value }
            for leaf in leaves { blackHole(leaf.value) }
        }
        return (leaves.reduce(0) { $0 + $1.value }, graph.statistics.evaluations - before)
    }
}

/// The same graph in plain Swift, evaluated with Hudson's rule by hand: after a write, a rule
/// under a read leaf runs when a node it sums changed. It is the floor of the timed workload and
/// the reference its evaluation counts are checked against.
final class LayeredGraphModel {
    let shape: LayeredGraphShape
    /// `values[layer][index]`; layer 0 holds the inputs.
    private var values: [[Int]]
    private var changed: [[Bool]]
    /// `underReadLeaf[layer][index]`: some read leaf depends on the node.
    private let underReadLeaf: [[Bool]]
    private let leafIndices: [Int]

    init(_ shape: LayeredGraphShape) {
        self.shape = shape
        leafIndices = shape.readLeafIndices
        var values = [Array(0 ..< shape.width)]
        for layer in 1 ..< shape.totalLayers {
            values.append((0 ..< shape.width).map { index in
                shape.sources(of: index).reduce(0) { $0 + values[layer - 1][$1] }
            })
        }
        self.values = values
        changed = values.map { $0.map { _ in false } }
        var under = values.map { $0.map { _ in false } }
        for leaf in leafIndices { under[shape.totalLayers - 1][leaf] = true }
        for layer in (1 ..< shape.totalLayers).reversed() {
            for index in 0 ..< shape.width where under[layer][index] {
                for source in shape.sources(of: index) { under[layer - 1][source] = true }
            }
        }
        underReadLeaf = under
    }

    /// Runs iteration `iteration`; returns the sum of the read leaves and the rules that ran.
    func step(_ iteration: Int) -> (result: Int, evaluations: Int) {
        let (input, value) = shape.write(for: iteration)
        var evaluations = 0
        for layer in changed.indices {
            for index in changed[layer].indices { changed[layer][index] = false }
        }
        changed[0][input] = values[0][input] != value
        values[0][input] = value
        for layer in 1 ..< shape.totalLayers {
            for index in 0 ..< shape.width where underReadLeaf[layer][index] {
                var anyChanged = false, new = 0
                for offset in 0 ..< shape.nSources {
                    let source = (index + offset) % shape.width
                    anyChanged = anyChanged || changed[layer - 1][source]
                    new += values[layer - 1][source]
                }
                guard anyChanged else { continue }
                evaluations += 1
                changed[layer][index] = new != values[layer][index]
                values[layer][index] = new
            }
        }
        return (leafIndices.reduce(0) { $0 + values[shape.totalLayers - 1][$1] }, evaluations)
    }

    /// Runs iterations `0 ..< count` from the initial values.
    static func run(_ shape: LayeredGraphShape, iterations count: Int) -> (result: Int, evaluations: Int) {
        let model = LayeredGraphModel(shape)
        var result = (result: 0, evaluations: 0)
        for iteration in 0 ..< count {
            let (sum, evaluations) = model.step(iteration)
            result = (sum, result.evaluations + evaluations)
        }
        return result
    }
}
