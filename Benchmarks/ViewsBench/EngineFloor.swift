import Constraints
import Dispatch

// The engine's own share of a build: a graph with as many nodes and edges as a built list, made
// and evaluated once with nothing of the view layer, so that the table can say how much of a list's
// build time the engine alone would take.

/// Makes a graph of `nodes` nodes with `edges` edges and evaluates it once, in a graph of its own,
/// its rules made from closures (``buildFloor(in:nodes:edges:rows:)``) or, with `storedBodies`,
/// from stored bodies (``buildFloorOfStoredBodies(in:nodes:edges:rows:)``); returns the
/// milliseconds this took. The graph is let go after the timing.
func engineFloorMilliseconds(nodes: Int, edges: Int, rows: Int, storedBodies: Bool = false) -> Double {
    let graph = Graph()
    let start = DispatchTime.now().uptimeNanoseconds
    if storedBodies {
        buildFloorOfStoredBodies(in: graph, nodes: nodes, edges: edges, rows: rows)
    } else {
        buildFloor(in: graph, nodes: nodes, edges: edges, rows: rows)
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// The symbol of ``buildFloor(in:nodes:edges:rows:)``, whose inclusive count `views-bench
/// instructions` reports beside the build's.
let floorSymbol = "$s11views_bench10buildFloor2in5nodes5edges4rowsy11Constraints5GraphC_S3itF"

/// The symbol of ``buildFloorOfStoredBodies(in:nodes:edges:rows:)``, whose inclusive count `views-bench
/// instructions` reports beside that of ``buildFloor(in:nodes:edges:rows:)``.
let storedBodiesFloorSymbol = "$s11views_bench24buildFloorOfStoredBodies2in5nodes5edges4rowsy11Constraints5GraphC_S3itF"

/// Inputs every rule of the floor may read, as views read their environment.
private let sharedInputs = 8

/// Makes `nodes` nodes with `edges` edges in all: a few shared inputs, rules in `rows` chains (each
/// rule reads the one before it in its chain, and as many of the shared inputs as it takes to reach
/// `edges` in all), and a rule reading the end of every chain; evaluates that last rule, which runs
/// every rule once. (A list's first frame runs most of its nodes, not all: some are read only on
/// changes.) The rules are made from closures. Not inlined, so that callgrind can count it by its
/// symbol.
@inline(never)
func buildFloor(in graph: Graph, nodes: Int, edges: Int, rows: Int) {
    layFloor(in: graph, nodes: nodes, edges: edges, rows: rows, making: ClosureRules())
}

/// How a floor makes each rule of a chain: the rule before it in its chain (`nil` for the first),
/// the shared inputs and how many of them it reads. A type per kind of floor, so that each floor
/// is compiled with its own rules inlined (with a closure parameter instead, the two floors were
/// merged into one function that called it for every rule).
protocol FloorRuleMaker {
    func rule(in graph: Graph, before: Rule<Int>?, shared: [Input<Int>], reads: Int) -> Rule<Int>
}

/// The rules of ``buildFloor(in:nodes:edges:rows:)``: closures.
struct ClosureRules: FloorRuleMaker {
    @inline(__always)
    func rule(in graph: Graph, before: Rule<Int>?, shared: [Input<Int>], reads: Int) -> Rule<Int> {
        graph.rule(name: "floor") {
            var value = before?.value ?? 1
            for input in shared[..<reads] { value &+= input.value }
            return value
        }
    }
}

/// The rules of ``buildFloorOfStoredBodies(in:nodes:edges:rows:)``: stored bodies.
struct BodyRules: FloorRuleMaker {
    @inline(__always)
    func rule(in graph: Graph, before: Rule<Int>?, shared: [Input<Int>], reads: Int) -> Rule<Int> {
        graph.rule(name: "floor", body: FloorRule(before: before, shared: shared[..<reads]))
    }
}

/// A rule of ``buildFloorOfStoredBodies(in:nodes:edges:rows:)`` (``RuleBody``): the rule before
/// it in its chain, if any, and the shared inputs it reads.
struct FloorRule: RuleBody {
    let before: Rule<Int>?
    let shared: ArraySlice<Input<Int>>

    var value: Int {
        var value = before?.value ?? 1
        for input in shared { value &+= input.value }
        return value
    }
}

/// ``buildFloor(in:nodes:edges:rows:)`` with rules of stored bodies (``FloorRule``), which need no
/// heap object per rule: what the engine alone would take for a view layer whose nodes kept their
/// computations as stored bodies.
@inline(never)
func buildFloorOfStoredBodies(in graph: Graph, nodes: Int, edges: Int, rows: Int) {
    layFloor(in: graph, nodes: nodes, edges: edges, rows: rows, making: BodyRules())
}

/// Lays out the floor of ``buildFloor(in:nodes:edges:rows:)`` and evaluates it, making each rule of
/// a chain with `maker`. Inlined into each kind of floor.
@inline(__always)
private func layFloor<Maker: FloorRuleMaker>(in graph: Graph, nodes: Int, edges: Int, rows: Int, making maker: Maker) {
    let rules = nodes - sharedInputs - 1
    // Every rule but the first of a chain reads the one before it; the last rule reads every chain's end.
    let sharedReads = edges - (rules - rows) - rows
    precondition(rows >= 1 && rules >= 2 * rows, "views-bench: a floor of \(nodes) nodes has fewer than two rules for each of \(rows) rows")
    precondition(sharedReads >= 0 && sharedReads <= rules * sharedInputs,
                 "views-bench: a floor of \(nodes) nodes in \(rows) rows cannot have \(edges) edges (\(rules - rows) to \(rules * (sharedInputs + 1)) can be made)")
    let edgesBefore = graph.statistics.edgesAdded
    let shared = (0 ..< sharedInputs).map { graph.input($0, name: "shared") }
    let total = graph.withLock { () -> Int in
        var ends: [Rule<Int>] = []
        ends.reserveCapacity(rows)
        var made = 0
        for row in 0 ..< rows {
            var previous: Rule<Int>?
            // The rules spread over the chains, the first ones one longer when they do not divide.
            for _ in 0 ..< rules / rows + (row < rules % rows ? 1 : 0) {
                let reads = (made + 1) * sharedReads / rules - made * sharedReads / rules
                previous = maker.rule(in: graph, before: previous, shared: shared, reads: reads)
                made += 1
            }
            ends.append(previous!)
        }
        let last = graph.rule(name: "floor.end") { ends.reduce(0) { $0 &+ $1.value } }
        return last.value
    }
    precondition(total > 0 && graph.nodeCount == nodes && graph.statistics.edgesAdded - edgesBefore == edges,
                 "views-bench: the floor has \(graph.nodeCount) nodes and \(graph.statistics.edgesAdded - edgesBefore) edges, not \(nodes) and \(edges)")
}
