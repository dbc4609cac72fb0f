import Constraints
import Reporting
import Views

/// One change to a view host, observed as the talk observes it: the graph before the change,
/// after the change was applied but before anything read it (the mark phase: dirty nodes and
/// pending edges), and after the next render; with what each node did in between.
struct ObservedChange {
    /// What one node did: how often the change marked it, and how often the render evaluated it.
    struct Activity {
        var id: Int32
        var name: String
        /// Times the mark phase set the node out of date while the change was applied.
        var marks: Int
        /// Times the render ran the node's rule.
        var evaluations: Int
        /// Runs whose value equalled the previous one, so nothing below was re-run for them.
        var cutoffs: Int

        /// The node's name as in the drawings' ids, such as `Counter.body (n12)`.
        var label: String { "\(name) (n\(id))" }
        /// Whether the node is a custom view's body (the talk's print statements).
        var isBody: Bool { name.hasSuffix(".body") }
    }

    /// The change, in a few words.
    let description: String
    /// Every node of the graph after the render, in creation order.
    let nodes: [Activity]
    /// Rules run while the change was applied, before the render (the mark phase runs none).
    let evaluationsBeforeRender: Int
    /// Whether the root display list was out of date after the change was applied.
    let rootDisplayListWasDirty: Bool
    /// The graph before the change, after it was applied (before the render), and after the render.
    let before: GraphSnapshot, marked: GraphSnapshot, after: GraphSnapshot

    /// Makes `change` (a tap or a host property: something the next frame applies), applies it,
    /// renders `host` at `time` and records what happened. `host` must have rendered once and
    /// record per-node statistics.
    static func observe<Root: View>(_ description: String, host: ViewHost<Root>, at time: Double, change: () -> Void) -> ObservedChange {
        let graph = host.graph
        return graph.withLock {
            let before = graph.snapshot()
            change()
            host.applyPendingChanges()
            let marked = graph.snapshot()
            let rootDisplayListWasDirty = host.rootDisplayList.state.contains(.dirty)
            host.render(at: time)
            let after = graph.snapshot()
            let counted = { (snapshot: GraphSnapshot) in
                Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.statistics ?? NodeStatistics()) })
            }
            let atStart = counted(before), atMark = counted(marked)
            let nodes = after.nodes.map { node in
                let end = node.statistics ?? NodeStatistics()
                let start = atStart[node.id] ?? NodeStatistics(), middle = atMark[node.id] ?? NodeStatistics()
                return Activity(id: node.id, name: node.name, marks: middle.marks - start.marks,
                                evaluations: end.evaluations - middle.evaluations, cutoffs: end.cutoffs - middle.cutoffs)
            }
            return ObservedChange(
                description: description, nodes: nodes,
                evaluationsBeforeRender: marked.statistics.evaluations - before.statistics.evaluations,
                rootDisplayListWasDirty: rootDisplayListWasDirty,
                before: before, marked: marked, after: after
            )
        }
    }

    /// The nodes named `name`.
    func nodes(named name: String) -> [Activity] { nodes.filter { $0.name == name } }

    /// Evaluations of the nodes named `name`, summed.
    func evaluations(of name: String) -> Int { nodes(named: name).reduce(0) { $0 + $1.evaluations } }

    /// The body nodes the render evaluated, as `Counter.body ×1`.
    var bodiesRun: [String] {
        nodes.filter { $0.isBody && $0.evaluations > 0 }.map { "\($0.name) ×\($0.evaluations)" }
    }

    /// The graph in Graphviz DOT before the change, after it was applied, and after the render
    /// (with the nodes the render evaluated filled).
    var drawings: (before: String, marked: String, after: String) {
        let evaluated = Set(nodes.filter { $0.evaluations > 0 }.map(\.id))
        let labels = GraphSnapshot.ValueLabels.short(maxLength: 32)
        return (before.dot(values: labels), marked.dot(values: labels), after.dot(values: labels, highlighted: evaluated))
    }

    /// Nodes marked by the change.
    var marks: Int { nodes.reduce(0) { $0 + $1.marks } }
    /// Rules run by the render.
    var evaluations: Int { nodes.reduce(0) { $0 + $1.evaluations } }
    /// Runs whose value did not change.
    var cutoffs: Int { nodes.reduce(0) { $0 + $1.cutoffs } }

    /// Which nodes the change marked and the render ran; body nodes are listed even when they did
    /// not run.
    var table: Table {
        Table(title: "Nodes marked and run: \(description)", rows: nodes.filter { $0.marks > 0 || $0.evaluations > 0 || $0.isBody }, columns: [
            .init("node") { .text($0.label) }, .init("marked", alignment: .right) { .integer($0.marks) },
            .init("evaluated", alignment: .right) { .integer($0.evaluations) },
            .init("value unchanged", alignment: .right) { .integer($0.cutoffs) },
        ])
    }
}
