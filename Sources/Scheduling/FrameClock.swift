/// The time keeping behind a ``FrameLoop``: real threads and a display link (``RealTimeClock``) or
/// a simulation of them (``VirtualClock``). Strategies and workloads never see which one runs;
/// they go through the loop.
protocol FrameClock: AnyObject, Sendable {
    /// The emulated main thread.
    var mainThread: any LoopThread { get }

    /// Makes a serial background thread whose jobs report `role`.
    func makeThread(role: ThreadRole) -> any LoopThread

    /// Nanoseconds since the clock started; under the virtual clock, the virtual time reached by
    /// the job that asks.
    var now: Int64 { get }

    /// Runs `body` holding the graph's update lock; under the virtual clock, also waits (in virtual
    /// time) until no other simulated thread holds it, and charges the evaluations done inside.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result

    /// Charges the cost model's fixed cost of one frame render to the calling job (virtual clock).
    func chargeFrame()

    /// Whether the work the calling job has done so far completes later than now (under the
    /// virtual clock, when the job has advanced virtual time); ``atCommit(_:)`` then defers.
    var defersCommits: Bool { get }

    /// Runs `action` once the work the calling job has done so far is complete: at once under the
    /// real-time clock, at the job's current virtual time under the virtual clock.
    func atCommit(_ action: @escaping @Sendable () -> Void)

    /// The first vsync a run starting now can use.
    func nextTickIndex() -> Int

    /// Delivers the ticks in `ticks` to ``FrameLoop/handleTick(_:)`` on the render thread and the
    /// events to the main thread, then returns once every frame and job has finished.
    ///
    /// - Returns: how many ticks the run covered (fewer than requested after ``stop()``) and how
    ///   many ticks the display link coalesced because its thread was still busy.
    func run(ticks: Range<Int>, events: [ScheduledEvent], loop: FrameLoop) -> (ticks: Int, coalesced: Int)

    /// Resumes a display link paused because no frame was requested.
    func wakeDisplayLink()

    /// Ends the run in progress after the current tick.
    func stop()

    /// The total time the main thread has spent running jobs, in nanoseconds.
    var mainThreadBusyTime: Int64 { get }

    /// The index of the latest vsync that has come in real time, no later than the last tick of
    /// the runs so far: it moves while a run waits for its clock, idle or not, and stops at the
    /// run's end. Readable from any thread. Constant under the virtual clock, whose waits take no
    /// real time.
    var vsyncsCome: Int { get }
}

/// A main-thread event placed on the clock's time line.
struct ScheduledEvent: Sendable {
    /// Arrival time, in nanoseconds since the clock started.
    var time: Int64
    /// Synthetic work before the action, in nanoseconds.
    var cost: Int64
    /// The handler, followed by the recording of its input latency.
    var action: @Sendable () -> Void
}

/// What the frame loop did with a tick.
enum TickDisposition {
    /// A frame was started.
    case delivered
    /// The previous frame was still in flight; the tick was dropped.
    case coalesced
    /// No frame was requested; the display link may pause until one is.
    case idle
}
