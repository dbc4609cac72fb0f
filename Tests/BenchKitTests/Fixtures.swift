import Foundation
import Scheduling
import Views
import Workloads

/// A tiny workload without views: one rule reading the time, animated until the last frame of the
/// run, whose last event stops the animation so that the loop settles.
struct PulseWorkload: Workload {
    let name = "pulse"
    let summary = "one rule reading the time"

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let graph = Graph()
        let time = graph.input(0.0, name: "time")
        let pulse = graph.rule(name: "pulse") { (time.value * 10).rounded() }
        let target = GraphTarget(graph: graph, outputs: [pulse], time: time)
        target.isAnimating = true
        let stop = MainThreadEvent(frame: max(0, frames - 2), name: "stop") { loop in
            loop.transaction("stop") { target.isAnimating = false }
        }
        return WorkloadInstance(target: target, events: [stop]) { Views.DisplayList() }
    }
}

/// Three transactions in one frame that set a value to 1, 2 and 3, in that order: the screen
/// shows 3 only if they are applied in the order they were posted.
struct OrderedWritesWorkload: Workload {
    let name = "ordered-writes"
    let summary = "three writes in one frame; the last one wins"

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let graph = Graph()
        let value = graph.input(0, name: "value")
        let shown = graph.rule(name: "shown") { value.value }
        let target = GraphTarget(graph: graph, outputs: [shown])
        let writes = (1 ... 3).map { written in
            MainThreadEvent(frame: 1, offset: .microseconds(100 * written), name: "write \(written)") { loop in
                loop.transaction("write \(written)") { value.value = written }
            }
        }
        return WorkloadInstance(target: target, events: writes) {
            let opacity = graph.withLock { Double(shown.cachedValue ?? 0) } / 10
            return Views.DisplayList([.group(opacity: opacity, offset: .zero, items: [])])
        }
    }
}

/// A button counting its taps.
struct PlusButton: View {
    @State var count = 0

    var body: some View {
        Button("\(count)") { count += 1 }
            .accessibilityIdentifier("plus")
    }
}

/// A button that is disabled.
struct DisabledButton: View {
    var body: some View {
        Button("locked") {}
            .accessibilityIdentifier("locked")
            .disabled(true)
    }
}

/// A workload that taps a disabled button.
struct DisabledTapWorkload: Workload {
    let name = "disabled"
    let summary = "taps a disabled button"

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: DisabledButton(), size: Size(width: 100, height: 40))
        return WorkloadInstance(showing: host, events: [EventScript.tap("locked", on: host, frame: 1)])
    }
}

/// A view workload that taps `identifier` on a screen with one button, `plus`.
struct TapWorkload: Workload {
    let name: String
    let identifier: String
    let summary = "taps one button"

    init(name: String = "taps", identifier: String = "plus") {
        self.name = name
        self.identifier = identifier
    }

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: PlusButton(), size: Size(width: 100, height: 40))
        let taps = [0, 2, 4].filter { $0 < frames }.map { EventScript.tap(identifier, on: host, frame: $0) }
        return WorkloadInstance(showing: host, events: taps)
    }
}

// MARK: Strategies that do not do their job, registered as a user's would be.

/// Applies each transaction and asks for a frame, then skips every frame.
final class SkippingStrategy: UpdateStrategy {
    let name = "skips-frames"
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) { frame.skip() }
}

/// Asks for a frame for each transaction and renders it, but never applies the transaction.
final class DroppingStrategy: UpdateStrategy {
    let name = "drops-transactions"
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) { loop.requestFrame() }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) { loop.mainThread.post { frame.render() } }
}

/// Applies each transaction twice.
final class DoublingStrategy: UpdateStrategy {
    let name = "applies-twice"
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.apply(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) { loop.mainThread.post { frame.render() } }
}

/// Renders every frame and asks for another one after each: the loop never settles.
final class RestlessStrategy: UpdateStrategy {
    let name = "never-settles"
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post {
            frame.render()
            loop.requestFrame()
        }
    }
}

/// Keeps the transactions of a frame and applies them newest first when it renders: every
/// transaction applied once and shown, but writes to the same state end on the wrong value.
final class ReversingStrategy: UpdateStrategy {
    let name = "reverses-order"
    private let waiting = Protected<[Transaction]>([])
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        waiting.withLock { $0.append(transaction) }
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { [waiting] in
            let transactions = waiting.withLock { waiting in
                defer { waiting.removeAll() }
                return waiting
            }
            for transaction in transactions.reversed() { loop.apply(transaction) }
            frame.render()
        }
    }
}

/// A registry with the built-in strategies and every broken one above.
func registryWithBrokenStrategies() throws -> StrategyRegistry {
    let registry = StrategyRegistry()
    try registry.register("skips-frames") { SkippingStrategy() }
    try registry.register("drops-transactions") { DroppingStrategy() }
    try registry.register("applies-twice") { DoublingStrategy() }
    try registry.register("never-settles") { RestlessStrategy() }
    try registry.register("reverses-order") { ReversingStrategy() }
    return registry
}

/// A new empty directory under the temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
