import ExtraStrategies
import Foundation
import Scheduling

/// Records on which thread each named piece of work ran, in order.
final class ThreadLog: Sendable {
    private let entries = Protected<[String: [ThreadRole]]>([:])

    func record(_ name: String) {
        let role = ThreadRole.current
        entries.withLock { $0[name, default: []].append(role) }
    }

    func threads(of name: String) -> [ThreadRole] {
        entries.withLock { $0[name] ?? [] }
    }

    /// Every thread any work ran on.
    var allThreads: Set<ThreadRole> {
        entries.withLock { Set($0.values.joined()) }
    }
}

/// The role of the texture strategy's background thread.
let measuringThread = ThreadRole(rawValue: TextureStrategy.measuringThreadName)

/// A complete binary tree of rules over one input per leaf: each leaf rule reads its input, each
/// inner rule adds its two children, and the root is the observed output.
struct RuleTree {
    let graph = Graph(recordsNodeStatistics: true)
    let leaves: [Input<Int>]
    let rules: [Rule<Int>]
    let target: GraphTarget

    /// A tree with `2^depth` leaves and `2^(depth+1) - 1` rules.
    init(depth: Int) {
        let graph = graph
        let leaves = (0 ..< 1 << depth).map { graph.input($0, name: "leaf \($0)") }
        var rules: [Rule<Int>] = []
        var level = leaves.map { leaf in graph.rule { leaf.value } }
        rules += level
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { index in
                let (left, right) = (level[index], level[index + 1])
                return graph.rule { left.value + right.value }
            }
            rules += level
        }
        self.leaves = leaves
        self.rules = rules
        target = GraphTarget(graph: graph, outputs: [level[0]])
        graph.withLock { target.updateOutputs() }
    }

    /// Evaluations of each rule so far.
    var evaluationsPerRule: [Int] {
        graph.withLock { rules.map { graph.statistics(of: $0)?.evaluations ?? -1 } }
    }

    var rootValue: Int { graph.withLock { rules.last!.value } }

    /// One change per frame from frame 1: leaf `i` of `changes` is incremented in frame `i + 1`.
    func changeEvents(_ changes: Int) -> [MainThreadEvent] {
        let leaves = leaves
        return (0 ..< changes).map { change in
            MainThreadEvent(frame: change + 1, offset: .milliseconds(1), name: "change \(change)") { loop in
                loop.transaction { leaves[change % leaves.count].value += 1 }
            }
        }
    }
}

/// A render target that records the root value each frame showed, and on which thread, to compare
/// strategies frame by frame.
final class RecordingTarget<Value: Sendable>: RenderTarget {
    let base: GraphTarget
    let root: Rule<Value>
    private let shown = Protected<[(tick: Int, thread: ThreadRole, value: Value)]>([])

    init(base: GraphTarget, root: Rule<Value>) {
        self.base = base
        self.root = root
    }

    var graph: Graph { base.graph }

    /// The frames rendered so far: tick index, thread and root value.
    var history: [(tick: Int, thread: ThreadRole, value: Value)] { shown.withLock { $0 } }

    func render(at tick: Tick) {
        base.render(at: tick)
        let value = root.value
        shown.withLock { $0.append((tick.index, ThreadRole.current, value)) }
    }

    func renderAsync(at tick: Tick) -> AsyncRenderOutcome { .declined(.mainThreadRequired) }

    func updateOutputs() { base.updateOutputs() }

    var wantsNextFrame: Bool { base.wantsNextFrame }
}

/// A small animated graph: a time input and a list of changes, an animated rule and a rule
/// showing the changes, combined in the observed root. Each rule logs the thread it runs on.
struct AnimatedScene {
    let graph = Graph(recordsNodeStatistics: true)
    let log = ThreadLog()
    let changes: Input<[String]>
    let root: Rule<String>
    let target: GraphTarget

    init(animating: Bool) {
        let graph = graph
        let log = log
        let time = graph.input(0.0, name: "time")
        let changes = graph.input([String](), name: "changes")
        let offset = graph.rule(name: "offset") { log.record("offset"); return time.value * 100 }
        let label = graph.rule(name: "label") { log.record("label"); return changes.value.joined() }
        root = graph.rule(name: "root") { "\(label.value) at \(offset.value)" }
        self.changes = changes
        target = GraphTarget(graph: graph, outputs: [root], time: time)
        target.isAnimating = animating
    }

    /// Transactions appending `names` to the changes, in order, in frame `frame`, 0.1 ms apart.
    func appending(_ names: [String], inFrame frame: Int) -> [MainThreadEvent] {
        let changes = changes
        return names.enumerated().map { index, name in
            MainThreadEvent(frame: frame, offset: .milliseconds(1) + .microseconds(100 * index), name: name) { loop in
                loop.transaction(name) { changes.value.append(name) }
            }
        }
    }
}
