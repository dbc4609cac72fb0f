import Constraints

// Helpers shared by the behaviour tests. Everything here is single-threaded unless noted.

/// An ordered record of which closures ran, so tests can assert counts and order.
final class RunLog {
    private(set) var entries: [String] = []

    func record(_ name: String) { entries.append(name) }

    func count(_ name: String) -> Int { entries.lazy.filter { $0 == name }.count }

    func clear() { entries.removeAll() }
}

/// Runs its action when it is released: captured by a node's closure, it runs the action while the
/// graph releases that closure (a cancellation or a teardown).
final class RunsOnDeinit {
    private let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    deinit { action() }
}

/// Counts deinitialisations of ``Tracked`` values.
final class DeinitCounter {
    var count = 0
}

/// A non-`Equatable` class value that reports its deinit, to observe memory being released.
final class Tracked {
    let payload: Int
    private let counter: DeinitCounter

    init(_ payload: Int, _ counter: DeinitCounter) {
        self.payload = payload
        self.counter = counter
    }

    deinit { counter.count += 1 }
}

/// A value type that is deliberately not `Equatable`: every write or re-evaluation counts as a change.
struct Opaque {
    var number: Int
}

extension Graph {
    /// The input edges `node` recorded at its last run, in read order, from ``snapshot()``.
    func recordedInputs(of node: some GraphNode) -> [Int32] {
        snapshot().nodes.first { $0.id == node.id.index }?.inputs.map(\.from) ?? []
    }

    /// The per-node evaluation count (requires `recordsNodeStatistics`); -1 when unavailable.
    func evaluations(of node: some GraphNode) -> Int {
        statistics(of: node)?.evaluations ?? -1
    }

    /// The per-node mark count (requires `recordsNodeStatistics`); -1 when unavailable.
    func marks(of node: some GraphNode) -> Int {
        statistics(of: node)?.marks ?? -1
    }
}

/// Graph-wide counter differences between two moments.
func delta(_ before: GraphStatistics, _ after: GraphStatistics) -> GraphStatistics {
    var result = GraphStatistics()
    result.evaluations = after.evaluations - before.evaluations
    result.marks = after.marks - before.marks
    result.cutoffs = after.cutoffs - before.cutoffs
    result.edgesAdded = after.edgesAdded - before.edgesAdded
    result.edgesRemoved = after.edgesRemoved - before.edgesRemoved
    result.inputChanges = after.inputChanges - before.inputChanges
    return result
}

/// Builds a graph whose diagnostics are collected but not printed.
func quietGraph(recordsNodeStatistics: Bool = false) -> Graph {
    let graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
    graph.diagnosticHandler = { _ in }
    return graph
}
