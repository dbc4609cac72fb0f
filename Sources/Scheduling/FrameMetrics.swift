/// What one frame cost and whether it was on time (Apple's definitions: a frame is late when it
/// commits after its target timestamp, and misses `ceil(lateness / duration)` vsyncs).
///
/// Times are in milliseconds since the run's first vsync.
public struct FrameMetrics: Codable, Hashable, Sendable {
    /// The tick that started the frame, counted from the run's first tick.
    public let tick: Int
    /// The thread the frame was rendered on.
    public let thread: ThreadRole
    /// When the tick's vsync happened.
    public let timestampMilliseconds: Double
    /// The deadline: the next vsync.
    public let deadlineMilliseconds: Double
    /// When the render started (the frame may have waited for its thread before that).
    public let renderStartMilliseconds: Double
    /// When the frame was committed.
    public let commitMilliseconds: Double
    /// Time spent rendering: commit minus render start.
    public let renderMilliseconds: Double
    /// Time from the vsync to the commit.
    public let frameTimeMilliseconds: Double
    /// Whether the frame committed by its deadline.
    public let metDeadline: Bool
    /// `ceil(lateness / duration)`, 0 for a frame on time.
    public let missedVsyncs: Int
    /// Rule evaluations done by the render.
    public let evaluations: Int
    /// Why the frame was rendered on the main thread instead of the render thread, if it fell back.
    public let fallbackReason: FallbackReason?

    /// The record of a frame started by `tick` in a run that started at `runStart`, rendered from
    /// `renderStart` to `commit` (nanoseconds since the clock started).
    init(
        tick: Tick, runStart: Tick, thread: ThreadRole, renderStart: Int64, commit: Int64,
        evaluations: Int, fallbackReason: FallbackReason?
    ) {
        let origin = runStart.timestampNanoseconds
        self.tick = tick.index - runStart.index
        self.thread = thread
        timestampMilliseconds = milliseconds(tick.timestampNanoseconds - origin)
        deadlineMilliseconds = milliseconds(tick.targetTimestampNanoseconds - origin)
        renderStartMilliseconds = milliseconds(renderStart - origin)
        commitMilliseconds = milliseconds(commit - origin)
        renderMilliseconds = milliseconds(commit - renderStart)
        frameTimeMilliseconds = milliseconds(commit - tick.timestampNanoseconds)
        let lateness = commit - tick.targetTimestampNanoseconds
        let duration = tick.targetTimestampNanoseconds - tick.timestampNanoseconds
        metDeadline = lateness <= 0
        missedVsyncs = metDeadline ? 0 : Int((lateness + duration - 1) / duration)
        self.evaluations = evaluations
        self.fallbackReason = fallbackReason
    }

    /// How long after its deadline the frame committed (Apple's hitch time), 0 when on time.
    public var hitchMilliseconds: Double { max(0, commitMilliseconds - deadlineMilliseconds) }
}
