import Foundation
import Scheduling

/// Records on which thread each named rule ran, in order.
final class ThreadLog: Sendable {
    private let entries = Protected<(byName: [String: [ThreadRole]], order: [String])>(([:], []))

    func record(_ name: String) {
        let role = ThreadRole.current
        entries.withLock { entries in
            entries.byName[name, default: []].append(role)
            entries.order.append(name)
        }
    }

    /// Every recorded name, in recording order.
    var order: [String] { entries.withLock { $0.order } }

    func threads(of name: String) -> [ThreadRole] {
        entries.withLock { $0.byName[name] ?? [] }
    }
}

/// A small animated graph: a time input, a state input, an observed root combining an animated
/// rule and a state rule, and a rule nobody observes.
struct AnimatedScene {
    let graph = Graph(recordsNodeStatistics: true)
    let log = ThreadLog()
    let time: Input<Double>
    let count: Input<Int>
    let offset: Rule<Double>
    let label: Rule<String>
    let unobserved: Rule<Int>
    let root: Rule<String>
    let target: GraphTarget

    init(hasDynamicContainer: Bool = true, animating: Bool = true) {
        let graph = graph
        let log = log
        let time = graph.input(0.0, name: "time")
        let count = graph.input(0, name: "count")
        let offset = graph.rule(name: "offset") { log.record("offset"); return time.value * 100 }
        let label = graph.rule(name: "label") { log.record("label"); return "count \(count.value)" }
        let unobserved = graph.rule(name: "unobserved") { log.record("unobserved"); return count.value * 2 }
        let root = graph.rule(name: "root") { "\(label.value) at \(offset.value)" }
        self.time = time
        self.count = count
        self.offset = offset
        self.label = label
        self.unobserved = unobserved
        self.root = root
        target = GraphTarget(graph: graph, outputs: [root], time: time, hasDynamicContainer: hasDynamicContainer)
        target.isAnimating = animating
    }

    /// Evaluates the outputs once, as a host's first render does, so that the next frames may
    /// render asynchronously.
    func instantiate() {
        graph.withLock { target.updateOutputs() }
    }

    /// Evaluations of `rule` so far.
    func evaluations(of rule: Rule<some Any>) -> Int {
        graph.withLock { graph.statistics(of: rule)?.evaluations ?? -1 }
    }

    /// The root's value, brought up to date.
    var rootValue: String { graph.withLock { root.value } }
}

/// A render target that records the root value each frame showed, to compare strategies frame by
/// frame.
final class RecordingTarget: RenderTarget {
    let base: GraphTarget
    let root: Rule<String>
    private let shown = Protected<[Int: String]>([:])

    init(base: GraphTarget, root: Rule<String>) {
        self.base = base
        self.root = root
    }

    var graph: Graph { base.graph }

    /// The value shown at each tick index that rendered.
    var history: [Int: String] { shown.withLock { $0 } }

    func render(at tick: Tick) {
        base.render(at: tick)
        record(tick)
    }

    func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
        let outcome = base.renderAsync(at: tick)
        if outcome == .rendered { record(tick) }
        return outcome
    }

    func updateOutputs() { base.updateOutputs() }

    var wantsNextFrame: Bool { base.wantsNextFrame }

    private func record(_ tick: Tick) {
        let value = root.value
        shown.withLock { $0[tick.index] = value }
    }
}

/// A script of state changes: several in one frame, some frames without any, all early enough for
/// every strategy to render the final state.
func scriptedChanges(for scene: AnimatedScene) -> [MainThreadEvent] {
    let count = scene.count
    let frames = [0, 1, 1, 1, 3, 6, 6]
    return frames.enumerated().map { step, frame in
        MainThreadEvent(frame: frame, offset: .milliseconds(1), name: "change \(step)") { loop in
            loop.transaction { count.value += step + 1 }
        }
    }
}

/// The built-in strategies' names.
let builtInStrategies = ["eager", "lazy", "async-pull"]
