import Constraints
import Dispatch

// The engine's own share of a build: a graph with as many rules and edges as a built list, made and
// evaluated once with nothing of the view layer, so that the table can say how much of a list's
// build time the engine alone would take.

/// Makes `nodes` rules with `edges` reads in all and evaluates them once (``buildFloor(in:nodes:edges:rows:)``),
/// in a graph of their own; returns the milliseconds this took. The graph is let go after the timing.
func engineFloorMilliseconds(nodes: Int, edges: Int, rows: Int) -> Double {
    let graph = Graph()
    let start = DispatchTime.now().uptimeNanoseconds
    buildFloor(in: graph, nodes: nodes, edges: edges, rows: rows)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// The symbol of ``buildFloor(in:nodes:edges:rows:)``, whose inclusive count `views-bench
/// instructions` reports beside the build's.
let floorSymbol = "$s11views_bench10buildFloor2in5nodes5edges4rowsy11Constraints5GraphC_S3itF"

/// Makes `nodes` rules with `edges` reads in all, in `rows` chains (each rule reads the one before
/// it in its chain, and as many of a few shared inputs as it takes to reach `edges` in all, as views
/// read their environment), and a rule reading the end of every chain; evaluates that last rule.
/// Not inlined, so that callgrind can count it by its symbol.
@inline(never)
func buildFloor(in graph: Graph, nodes: Int, edges: Int, rows: Int) {
    precondition(nodes >= 2 * rows && rows >= 1, "a floor needs at least two rules a row")
    let shared = (0 ..< 8).map { graph.input($0, name: "shared") }
    let rulesPerRow = (nodes - 1) / rows
    let rules = rulesPerRow * rows
    // Edges other than a rule's read of the rule before it and the last rule's reads of the ends.
    let sharedReads = max(0, edges - (rules - rows) - rows)
    let total = graph.withLock { () -> Int in
        var ends: [Rule<Int>] = []
        ends.reserveCapacity(rows)
        var made = 0
        for _ in 0 ..< rows {
            var previous: Rule<Int>?
            for _ in 0 ..< rulesPerRow {
                let reads = min(shared.count, (made + 1) * sharedReads / rules - made * sharedReads / rules)
                let before = previous
                previous = graph.rule(name: "floor") {
                    var value = before?.value ?? 1
                    for input in shared[..<reads] { value &+= input.value }
                    return value
                }
                made += 1
            }
            ends.append(previous!)
        }
        let last = graph.rule(name: "floor.end") { ends.reduce(0) { $0 &+ $1.value } }
        return last.value
    }
    precondition(total != 0 && graph.nodeCount == rules + 1 + shared.count, "the floor's graph was not evaluated")
}
