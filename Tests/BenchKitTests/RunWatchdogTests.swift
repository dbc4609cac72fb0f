import Constraints
import Foundation
import Scheduling
import Synchronization
import Testing
import Views
import Workloads
@testable import BenchKit

/// A run that makes no progress is abandoned and named, and the runs stop there; a run that is
/// slow but keeps moving is not. The windows are short, so that no test waits long, yet far longer
/// than any step of the healthy runs beside the stuck ones (which run under the thread sanitizer,
/// on shared cores, in CI); no test asserts how long anything took. The stuck strategies wait on a
/// ``Gate`` that each test opens at its end, so that their threads end too.
@Suite struct RunWatchdogTests {
    /// Runs `workload` under `strategies` (the stuck ones from `gate`) on `clock` with a window of
    /// `window`.
    private func outcome(
        _ workload: any Workload, _ strategies: [String], clock: ClockChoice, frames: Int = 12, window: Duration, gate: Gate
    ) throws -> Runner.Outcome {
        let registry = try registryWithStuckStrategies(gate)
        var options = RunOptions(workloads: [workload.name], strategies: strategies)
        (options.clock, options.frames, options.repetitionCount, options.stallWindow) = (clock, frames, 2, window)
        return Runner(workloads: [workload], registry: registry).run(options, shouldStop: { false })
    }

    /// Checks that `strategy`, run after `lazy`, stalled on its first run: named, with what
    /// no progress means and its likely causes; no run after it; what finished kept.
    private func expectStalled(_ outcome: Runner.Outcome, strategy: String) {
        #expect(outcome.stalled && outcome.interrupted && outcome.results.complete == false)
        #expect(outcome.failures.count == 1, "failures: \(outcome.failures)")
        let message = outcome.failures.first ?? ""
        #expect(message.hasPrefix("taps × \(strategy): made no progress for 500 ms of real time (no frame completed"), "\(message)")
        #expect(message.contains("blocks the main thread from the display link's thread"))
        #expect(message.contains("keeps posting main-thread work") && message.contains("never completes a frame"))
        #expect(outcome.failedRuns.isEmpty, "a stall is no strategy's breaking point")
        // lazy's first repetition finished; the stuck strategy's first stalled; nothing ran after.
        #expect(outcome.runsStarted == 2 && outcome.runsAsked == 4)
        #expect(outcome.results.runs.map(\.strategy) == ["lazy"])
        #expect(outcome.results.runs.map(\.repetitions) == [1])
    }

    /// A finished run's loop, and so its graph, goes on the run's own thread before
    /// ``RunWatchdog/run(_:)`` returns: torn down by whichever thread let go of it last, the graph
    /// at times went while the tool's main thread exited, so that callgrind counted a varying part
    /// of its teardown.
    @Test func aFinishedRunsGraphIsGoneWhenTheRunReturns() throws {
        final class WeakGraph: @unchecked Sendable { weak var graph: Graph? }
        let watched = WeakGraph()
        let rendered = try RunWatchdog(window: .seconds(60)).run { loopMade in
            let outcome = try WorkloadRunner.run(
                TapWorkload(), strategy: "lazy", clock: .virtual(CostModel()), frames: 4,
                loopMade: { loop in
                    watched.graph = loop.target.graph
                    loopMade(loop)
                })
            return outcome.result.renderedFrames
        }
        #expect(rendered > 0)
        #expect(watched.graph == nil, "the run's graph outlived the run")
    }

    /// A strategy that waits forever on the display link's thread (the render thread, or the one
    /// thread of the virtual clock) is abandoned once its run has stood still for the window.
    @Test(arguments: [ClockChoice.virtual, .real])
    func aRunThatWaitsForeverIsEnded(clock: ClockChoice) throws {
        let gate = Gate()
        defer { gate.open() }
        let outcome = try outcome(TapWorkload(), ["lazy", "waits-forever"], clock: clock, window: .milliseconds(500), gate: gate)
        expectStalled(outcome, strategy: "waits-forever")
    }

    /// A strategy that keeps posting main-thread work is abandoned: work it posts is not progress.
    /// On the virtual clock its jobs hold virtual time still; on the real clock the run's frames
    /// go on, and it stands still once they end, the main thread never idle.
    @Test(arguments: [ClockChoice.virtual, .real])
    func aRunThatPostsWorkForeverIsEnded(clock: ClockChoice) throws {
        let gate = Gate()
        defer { gate.open() }
        let outcome = try outcome(TapWorkload(), ["lazy", "posts-forever"], clock: clock, window: .milliseconds(500), gate: gate)
        expectStalled(outcome, strategy: "posts-forever")
    }

    /// A strategy that never completes a frame it was handed keeps the real clock's run from ever
    /// settling. (On the virtual clock the run ends, and the drain reports it never settled.)
    @Test func aRunThatNeverCompletesAFrameIsEnded() throws {
        let gate = Gate()
        defer { gate.open() }
        let outcome = try outcome(TapWorkload(), ["lazy", "holds-frames"], clock: .real, window: .milliseconds(500), gate: gate)
        expectStalled(outcome, strategy: "holds-frames")
    }

    /// Main-thread events queued far beyond the run's frames, as `heavy-update`'s taps under
    /// `workflow` at 32,000 rows: the run lasts several windows, but every event handled is
    /// progress, and it ends on its own.
    @Test func queuedEventsOutlastingTheFramesAreNotEnded() throws {
        let gate = Gate()
        defer { gate.open() }
        let workload = QueuedEventsWorkload(events: 8, cost: .milliseconds(150))
        let outcome = try outcome(workload, ["lazy"], clock: .real, frames: 4, window: .milliseconds(500), gate: gate)
        #expect(!outcome.stalled && !outcome.interrupted && outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.results.runs.map(\.repetitions) == [2])
        // Two runs of 8 × 150 ms of events each: by construction far longer than the window.
    }

    /// Frames that each take real time under the virtual clock (where vsyncs cost none): a run of
    /// several windows, each frame progress, not ended.
    @Test func slowFramesThatEachCompleteAreNotEnded() throws {
        let gate = Gate()
        defer { gate.open() }
        let outcome = try outcome(TapWorkload(), ["slow-frames"], clock: .virtual, window: .milliseconds(300), gate: gate)
        #expect(!outcome.stalled && !outcome.interrupted && outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.results.runs.map(\.repetitions) == [2])
        // Two runs of three taps, each tap's frame taking 100 ms: by construction longer than the window.
    }

    /// The tool stops at a stalled run: it writes what finished (`"complete": false`) and exits
    /// with status 1, not 130.
    @Test func theToolWritesWhatFinishedAndExitsWithStatus1() throws {
        let gate = Gate()
        defer { gate.open() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [TapWorkload()], registry: try registryWithStuckStrategies(gate))
        let status = tool.main(arguments: ["--workload", "taps", "--strategy", "lazy", "--strategy", "waits-forever", "--clock", "virtual",
                                           "--frames", "12", "--stall-seconds", "0.5", "--output", directory.path, "--format", "csv"])
        #expect(status == 1)
        let results = try BenchResults(contentsOf: directory.appendingPathComponent("results.json").path)
        #expect(results.complete == false)
        #expect(results.runs.map(\.strategy) == ["lazy"])
    }

    /// A run that stalls at a load above the smallest of a sweep is a failure of the tool, never
    /// the strategy's breaking point (as a run that failed there would be): the sweep stops, keeps
    /// the points that finished, and the tool exits with status 1.
    @Test func aStallInASweepIsAFailureNotABreakingPoint() throws {
        let gate = Gate()
        defer { gate.open() }
        let registry = try registryWithStuckStrategies(gate)
        var options = RunOptions(workloads: ["counted-taps"], strategies: ["lazy", "waits-at-second-tap"])
        (options.clock, options.frames, options.stallWindow) = (.virtual, 12, .milliseconds(500))
        let outcome = SweepRunner(registry: registry).run(try SweepRunner.Plan(CountedTapsWorkload(), loads: [1, 2]), options: options)
        #expect(outcome.stalled && outcome.interrupted)
        #expect(outcome.sweep.failedPoints.isEmpty && !outcome.notes.contains { $0.contains("counted as broken") }, "\(outcome.notes)")
        #expect(outcome.failures.count == 1, "\(outcome.failures)")
        #expect(outcome.failures.first?.hasPrefix("counted-taps at 2 taps: counted-taps × waits-at-second-tap: made no progress") == true)
        #expect(outcome.sweep.points.map(\.load) == [1, 1, 2])

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [CountedTapsWorkload()], registry: registry)
        let status = tool.main(arguments: ["sweep", "--workload", "counted-taps", "--load", "taps=1,2", "--strategy", "lazy",
                                           "--strategy", "waits-at-second-tap", "--clock", "virtual", "--frames", "12",
                                           "--stall-seconds", "0.5", "--format", "csv", "--output", directory.path])
        #expect(status == 1)
        let results = try BenchResults(contentsOf: directory.appendingPathComponent("results.json").path)
        #expect(results.complete == false && results.sweeps?.first?.points.count == 3)
    }

    /// The window is an option of runs and sweeps, 15 minutes unless given.
    @Test func theWindowIsAnOption() throws {
        let parser = OptionParser(workloadNames: ["taps"], strategyNames: ["lazy"])
        guard case .run(let defaults) = try parser.parse(["--workload", "taps"]) else { Issue.record("not a run"); return }
        #expect(defaults.stallWindow == .seconds(900))
        guard case .sweep(let sweep) = try parser.parse(["sweep", "--workload", "taps", "--stall-seconds", "0.5"]) else {
            Issue.record("not a sweep")
            return
        }
        #expect(sweep.stallWindow == .milliseconds(500))
        #expect(throws: (any Error).self) { try parser.parse(["--workload", "taps", "--stall-seconds", "0"]) }
    }
}

/// Events that each keep the main thread busy for `cost`, all due in the run's first frame: the
/// main thread works through them long after the run's frames have passed.
private struct QueuedEventsWorkload: Workload {
    let name = "queued-events"
    let summary = "events queued far beyond the run's frames"
    let events: Int
    let cost: Duration

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let graph = Graph()
        let value = graph.input(0, name: "value")
        let shown = graph.rule(name: "shown") { value.value }
        let target = GraphTarget(graph: graph, outputs: [shown])
        let queued = (0 ..< events).map { MainThreadEvent(frame: 0, offset: .microseconds($0), cost: cost, name: "queued \($0)") }
        return WorkloadInstance(target: target, events: queued) { Views.DisplayList() }
    }
}

/// `taps` taps on the `plus` button, two frames apart: its load parameter is their count.
private struct CountedTapsWorkload: Workload {
    let name = "counted-taps"
    let summary = "taps the plus button a given number of times"
    var taps = 1

    var loadParameters: [LoadParameter] {
        [LoadParameter(name: "taps", unit: "taps", summary: "taps on the button", default: Double(taps), range: 1 ... 4, sweep: [1, 2])]
    }

    func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return CountedTapsWorkload(taps: Int(value))
    }

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: PlusButton(), size: Size(width: 100, height: 40))
        return WorkloadInstance(showing: host, events: (0 ..< taps).map { EventScript.tap("plus", on: host, frame: 2 * $0) })
    }
}

// MARK: Strategies that get stuck, and one that is slow.

/// What a stuck strategy waits for: opened at the end of its test, so that its threads end. It
/// opens itself after 10 s, so that a failing test cannot hang the suite.
private final class Gate: Sendable {
    private let opened = Atomic<Bool>(false)

    /// Opens the gate: every wait returns.
    func open() { opened.store(true, ordering: .releasing) }

    /// Whether the gate is open.
    var isOpen: Bool { opened.load(ordering: .acquiring) }

    /// Waits until the gate is open.
    func wait() {
        let deadline = ContinuousClock.now + .seconds(10)
        while !isOpen && ContinuousClock.now < deadline { usleep(1_000) }
    }
}

/// Applies each transaction and asks for a frame, then waits on the display link's thread until
/// the gate opens, as a strategy blocking on the main thread from there would.
private final class WaitingStrategy: UpdateStrategy {
    let name = "waits-forever"
    let gate: Gate
    init(gate: Gate) { self.gate = gate }
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        gate.wait()
        frame.skip()
    }
}

/// Renders as `lazy` does, but each transaction starts a main-thread job that posts itself again
/// until the gate opens.
private final class PostingStrategy: UpdateStrategy {
    let name = "posts-forever"
    let gate: Gate
    init(gate: Gate) { self.gate = gate }
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.enqueue(transaction)
        loop.requestFrame()
        repost(on: loop.mainThread)
    }
    private func repost(on thread: any LoopThread) {
        thread.post { [self] in
            if !gate.isOpen { repost(on: thread) }
        }
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) { loop.mainThread.post { frame.render() } }
}

/// Keeps every frame it is handed and completes none until the gate opens.
private final class HoldingStrategy: UpdateStrategy {
    let name = "holds-frames"
    let gate: Gate
    private let held = Protected<[Frame]>([])
    init(gate: Gate) { self.gate = gate }
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        held.withLock { $0.append(frame) }
        let thread = loop.makeBackgroundThread(named: "holder")
        thread.post { [self] in
            gate.wait()
            for frame in held.withLock({ $0 }) { frame.skip() }
        }
    }
}

/// Renders as `lazy` does until its second transaction, on which it waits, in the event's
/// handler on the main thread, until the gate opens: stuck at a load of 2 taps, not at 1.
private final class SecondTapStrategy: UpdateStrategy {
    let name = "waits-at-second-tap"
    let gate: Gate
    private let transactions = Atomic<Int>(0)
    init(gate: Gate) { self.gate = gate }
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        if transactions.add(1, ordering: .relaxed).newValue == 2 { gate.wait() }
        loop.enqueue(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) { loop.mainThread.post { frame.render() } }
}

/// Renders as `lazy` does, each frame taking 100 ms of real time.
private final class SlowStrategy: UpdateStrategy {
    let name = "slow-frames"
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.enqueue(transaction)
        loop.requestFrame()
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post {
            usleep(100_000)
            frame.render()
        }
    }
}

/// A registry with the built-in strategies and the stuck ones above, waiting on `gate`.
private func registryWithStuckStrategies(_ gate: Gate) throws -> StrategyRegistry {
    let registry = StrategyRegistry()
    try registry.register("waits-forever") { WaitingStrategy(gate: gate) }
    try registry.register("posts-forever") { PostingStrategy(gate: gate) }
    try registry.register("holds-frames") { HoldingStrategy(gate: gate) }
    try registry.register("waits-at-second-tap") { SecondTapStrategy(gate: gate) }
    try registry.register("slow-frames") { SlowStrategy() }
    return registry
}
