import Scheduling
import Views

/// A view workload: a view tree plus a scripted sequence of main-thread events, run unchanged under
/// any strategy and either clock, so that strategies differ in cost and never in output.
public protocol Workload: Sendable {
    /// The name used on the command line, e.g. `wide-list`.
    var name: String { get }
    /// One sentence: what the workload exercises.
    var summary: String { get }
    /// The number of frames a reproduction that runs the workload on its own takes (120 unless
    /// the workload says); `bench` does not read it: its runs last a fixed time unless `--frames`
    /// gives their length.
    var defaultFrames: Int { get }
    /// Whether tools run the workload when no workload is named (``WorkloadCatalog/defaultSet``);
    /// `true` unless the workload says. A workload that makes a full comparison take too long is
    /// run by naming it.
    var isInDefaultSet: Bool { get }
    /// Makes a fresh instance for one run of `frames` frames at `frameRate`.
    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance
    /// The parameters that scale the workload's work, the one swept by default first; none unless
    /// the workload says (it then runs at one load and cannot be swept).
    var loadParameters: [LoadParameter] { get }
    /// This workload, under the same name, with `parameter` set to `value`.
    ///
    /// - Throws: ``WorkloadError`` when the workload has no such parameter or `value` is not one
    ///   of its values (``checkedLoad(_:_:)`` checks both).
    func setting(_ parameter: String, to value: Double) throws -> any Workload
}

extension Workload {
    /// 120 frames: 2 seconds at 60 Hz.
    public var defaultFrames: Int { 120 }

    /// `true`: run by default.
    public var isInDefaultSet: Bool { true }
}

/// One runnable instance of a workload.
///
/// The workloads of this module hand over their target with the tree already on screen: its first
/// frame was rendered at time 0 while the instance was made, so that a run measures updates rather
/// than building the tree, which costs the same under every strategy.
public struct WorkloadInstance: Sendable {
    /// What the strategy brings up to date (usually a ``ViewHost``).
    public let target: any RenderTarget
    /// The events of the run, on the main thread.
    public let events: [MainThreadEvent]
    /// The output to compare across strategies: the root display list as last rendered.
    public let output: @Sendable () -> DisplayList

    public init(target: any RenderTarget, events: [MainThreadEvent], output: @escaping @Sendable () -> DisplayList) {
        self.target = target
        self.events = events
        self.output = output
    }
}

/// The outcome of running a workload under one strategy.
public struct WorkloadOutcome: Sendable {
    /// The frame metrics of the run's measured frames.
    public let result: RunResult
    /// The last rendered display list, after the drain.
    public let output: DisplayList
    /// Frames rendered after the measured ones, until the loop was quiescent (not in ``result``).
    public let drainFrames: Int
    /// Whether the loop reached quiescence within ``WorkloadRunner/drainLimit`` of the run's end:
    /// only then is ``output`` the screen the script leaves, the same under every strategy.
    public let settled: Bool
    /// Why the run did not do its job (empty when it did): a transaction unapplied or applied
    /// twice, changes no frame shows, no quiescence after the drain, an event that acted on
    /// nothing. A run with defects is an error, never a result.
    public let defects: [RunDefect]
}

/// Runs workloads under strategies.
public enum WorkloadRunner {
    /// The longest drain after the measured frames, in seconds of frames.
    public static let drainLimit = 3.0

    /// Runs `workload` for `frames` frames at `frameRate` under the strategy named `strategy`,
    /// then drains: keeps the display link running, a few frames at a time and without events,
    /// until nothing is pending (no frame requested, no transaction, no animation) or
    /// ``drainLimit`` has passed. Drained frames are not counted in the result. Then checks that the
    /// run did its job (``WorkloadOutcome/defects``, from the loop's ``Scheduling/FrameLoop/audit``).
    /// `loopMade` is handed the run's loop once it is made, before it runs (after the workload's
    /// instance, whose tree is built then): for a watchdog reading its
    /// ``Scheduling/FrameLoop/progress`` from another thread.
    ///
    /// - Throws: the scheduling layer's errors (unknown strategy, bad frame rate, …).
    public static func run(
        _ workload: any Workload,
        strategy: String,
        registry: StrategyRegistry = .shared,
        clock: ClockMode,
        frames: Int,
        frameRate: Double = 60,
        loopMade: (FrameLoop) -> Void = { _ in }
    ) throws -> WorkloadOutcome {
        // Checked before the instance is made, which computes with both (a frame's length from the rate).
        try FrameLoop.validate(frameRate: frameRate)
        guard frames >= 0 else { throw SchedulingError.negativeFrameCount(frames) }
        let instance = workload.makeInstance(frames: frames, frameRate: frameRate)
        let loop = try FrameLoop(target: instance.target, strategy: strategy, registry: registry, clock: clock, frameRate: frameRate)
        loopMade(loop)
        let result = try loop.run(frames: frames, events: instance.events)
        let step = max(1, Int(frameRate / 20))
        let limit = Int((drainLimit * frameRate).rounded(.up))
        let drain = try loop.runUntilQuiescent(step: step, limit: limit)
        let drained = drain.reduce(0) { $0 + $1.renderedFrames }
        let drainSkipped = drain.reduce(0) { $0 + $1.skippedFrames }
        let pendingWork = loop.pendingWork
        let defects = RunDefect.defects(
            of: loop.audit, pendingWork: pendingWork, drainSeconds: drainLimit,
            rendered: result.renderedFrames + drained, skipped: result.skippedFrames + drainSkipped
        )
        return WorkloadOutcome(result: result, output: instance.output(), drainFrames: drained, settled: pendingWork.isEmpty, defects: defects)
    }
}
