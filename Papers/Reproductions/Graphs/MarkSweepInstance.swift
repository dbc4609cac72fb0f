import Constraints

/// A ``GraphSpec`` instantiated as inputs and rules of a mark-sweep ``Constraints/Graph``.
///
/// Every rule's closure computes its spec node's function (``GraphSpec/compute(_:constant:parentCount:read:)``)
/// from its parents' handles, which it captures, so the graph records exactly the dependencies the
/// function reads (a select records its condition and the selected branch only). Capturing the
/// handles, rather than looking them up in a shared table, lets a read borrow them without
/// reference counting, as hand-written rules do.
final class MarkSweepInstance {
    /// A handle of one node of the graph.
    enum Handle {
        case input(Input<Int>)
        case rule(Rule<Int>)
    }

    let graph: Graph
    let spec: GraphSpec
    /// One handle per spec node, indexed by node id, for reads and writes from outside the graph.
    private var handles: [Handle]

    /// Creates every node, then reads every rule once in id order (so that each first evaluation
    /// nests only one level deep, whatever the depth of the graph).
    init(spec: GraphSpec, recordsNodeStatistics: Bool = false) {
        self.spec = spec
        graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
        var handles: [Handle] = []
        handles.reserveCapacity(spec.count)
        for node in 0 ..< Int32(spec.count) {
            let handle: Handle
            if spec.kinds[Int(node)] == .input {
                handle = .input(graph.input(spec.constants[Int(node)]))
            } else {
                let parents = spec.parents(of: node).map { handles[Int($0)] }
                handle = .rule(Self.makeRule(in: graph, spec.kinds[Int(node)], constant: spec.constants[Int(node)], parents: parents))
            }
            handles.append(handle)
        }
        self.handles = handles
        for node in 0 ..< Int32(spec.count) { _ = read(node) }
        graph.resetStatistics()
    }

    deinit {
        // Let go of the handles while the graph still holds every node, so that the graph tears its
        // nodes down in its own order (newest first) and no release cascades along a long chain.
        handles.removeAll()
    }

    /// A rule of `kind` reading `parents`; for the common arities the closure captures each parent
    /// handle directly. (The closures are written at the call to `rule` so that they are created
    /// with the generic signature it expects, with no reabstraction thunk around them.)
    private static func makeRule(in graph: Graph, _ kind: GraphSpec.Kind, constant: Int, parents: [Handle]) -> Rule<Int> {
        switch parents.count {
        case 1:
            let a = parents[0]
            return graph.rule { GraphSpec.compute(kind, constant: constant, parentCount: 1) { _ in value(a) } }
        case 2:
            let a = parents[0], b = parents[1]
            return graph.rule { GraphSpec.compute(kind, constant: constant, parentCount: 2) { $0 == 0 ? value(a) : value(b) } }
        case 3:
            let a = parents[0], b = parents[1], c = parents[2]
            return graph.rule {
                GraphSpec.compute(kind, constant: constant, parentCount: 3) { slot in
                    slot == 0 ? value(a) : slot == 1 ? value(b) : value(c)
                }
            }
        default:
            return graph.rule { GraphSpec.compute(kind, constant: constant, parentCount: parents.count) { value(parents[$0]) } }
        }
    }

    /// The value behind `handle`, brought up to date (and recorded as a dependency inside a rule).
    @inline(__always)
    private static func value(_ handle: Handle) -> Int {
        switch handle {
        case .input(let input): input.value
        case .rule(let rule): rule.value
        }
    }

    /// The value of `node`, brought up to date on demand (a read recorded as a dependency when made
    /// inside a rule).
    @inline(__always)
    func read(_ node: Int32) -> Int {
        Self.value(handles[Int(node)])
    }

    /// The handle of `node`.
    private func node(_ node: Int32) -> any GraphNode {
        switch handles[Int(node)] {
        case .input(let input): input
        case .rule(let rule): rule
        }
    }

    /// The value state of `node`.
    func state(of node: Int32) -> ValueState { self.node(node).state }

    /// Brings `nodes` up to date with ``Constraints/Graph/update(_:continuingWhile:)``: as long as
    /// `mayContinue` allows; returns whether they are all up to date.
    func update(_ nodes: [Int32], continuingWhile mayContinue: () -> Bool) -> Bool {
        graph.update(nodes.map(node), continuingWhile: mayContinue)
    }

    /// Writes an input.
    func write(_ write: Write) {
        guard case .input(let input) = handles[Int(write.node)] else {
            preconditionFailure("node \(write.node) is not an input")
        }
        input.value = write.value
    }

    /// Applies a step's writes as one batch, then reads its demanded nodes. Timing loops that cycle
    /// through a list of steps pass the cycle number as `valueOffset`, added to every written value,
    /// so that a write is never a no-op because the input already holds its value from last cycle.
    func apply(_ step: Step, valueOffset: Int = 0) {
        graph.batch {
            for write in step.writes { self.write(Write(node: write.node, value: write.value &+ valueOffset)) }
        }
        for node in step.reads { _ = read(node) }
    }

    /// The per-node counters of `node` (requires `recordsNodeStatistics`).
    func statistics(of node: Int32) -> NodeStatistics {
        let statistics: NodeStatistics? = switch handles[Int(node)] {
        case .input(let input): graph.statistics(of: input)
        case .rule(let rule): graph.statistics(of: rule)
        }
        guard let statistics else { preconditionFailure("per-node statistics are off") }
        return statistics
    }
}
