import Constraints
import Dispatch

// The engine's own share of a build: a graph with as many rules and edges as a built list, made and
// evaluated once with nothing of the view layer, so that the table can say how much of a list's
// build time the engine alone would take.

/// Makes `nodes` rules with `edges` reads in all, in `rows` chains (each rule reads the one before
/// it in its chain, and as many of a few shared inputs as it takes to reach `edges` in all, as views
/// read their environment), and a rule reading the end of every chain; evaluates that last rule.
/// Returns the milliseconds this took.
func engineFloorMilliseconds(nodes: Int, edges: Int, rows: Int) -> Double {
    precondition(nodes >= 2 * rows && rows >= 1, "a floor needs at least two rules a row")
    let start = DispatchTime.now().uptimeNanoseconds
    let graph = Graph()
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
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    precondition(total != 0 && graph.nodeCount == rules + 1 + shared.count, "the floor's graph was not evaluated")
    return elapsed
}
