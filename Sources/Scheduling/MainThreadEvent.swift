/// Something that happens on the main thread during a run: a user event (a tap, a scroll step)
/// with an optional handler and some synthetic work that keeps the main thread busy.
///
/// The event arrives at its time, waits for the main thread to be free, keeps it busy for
/// ``cost`` (the handler's own work), then runs ``action``, which usually posts a transaction.
/// The same events give the same behaviour under both clocks.
///
/// ```swift
/// let taps = (0 ..< 10).map { frame in
///     MainThreadEvent(frame: frame, cost: .milliseconds(2), name: "tap") { loop in
///         loop.transaction { count.value += 1 }
///     }
/// }
/// ```
public struct MainThreadEvent: Sendable {
    /// Which frame interval of the run the event arrives in, counted from 0.
    public let frame: Int
    /// How long after the start of that frame interval the event arrives.
    public let offset: Duration
    /// Synthetic main-thread work done before ``action``.
    public let cost: Duration
    /// A label for diagnostics.
    public let name: String?
    /// The handler, run on the main thread; it receives the loop to post transactions to.
    public let action: (@Sendable (FrameLoop) -> Void)?

    /// An event arriving `offset` after the start of frame interval `frame` of the run.
    public init(
        frame: Int,
        offset: Duration = .zero,
        cost: Duration = .zero,
        name: String? = nil,
        action: (@Sendable (FrameLoop) -> Void)? = nil
    ) {
        self.frame = frame
        self.offset = offset
        self.cost = cost
        self.name = name
        self.action = action
    }

    /// The event placed on a clock's time line, for a run covering the vsyncs in `ticks`; `job`
    /// makes the job run on arrival from the time the event is due (clock nanoseconds).
    func scheduled(on grid: VsyncGrid, ticks: Range<Int>, job: (Int64) -> @Sendable () -> Void) throws -> ScheduledEvent {
        if cost < .zero { throw SchedulingError.negativeCost("event \(name.map { "'\($0)'" } ?? "at frame \(frame)")", cost) }
        let start = grid.time(of: ticks.lowerBound)
        let end = grid.time(of: ticks.upperBound)
        let time = grid.time(of: ticks.lowerBound + frame) + offset.inNanoseconds
        guard frame >= 0, offset >= .zero, time < end else {
            throw SchedulingError.eventOutsideRun(name, at: .nanoseconds(time - start), runLength: .nanoseconds(end - start))
        }
        return ScheduledEvent(time: time, cost: cost.inNanoseconds, action: job(time))
    }
}
