import Synchronization

/// Drives a ``RenderTarget`` with an ``UpdateStrategy`` under a clock: the scheduling layer's
/// central object, and everything a strategy or a workload talks to.
///
/// A frame loop owns an emulated main thread and a display link (real or virtual, see
/// ``ClockMode``). Workloads post state changes with ``transaction(_:_:)`` and script main-thread
/// events for ``run(frames:events:)``; the strategy reacts to transactions and ticks with the
/// loop's threads, lock and frame requests; the run returns the frame metrics.
///
/// ```swift
/// let loop = try FrameLoop(target: target, strategy: "async-pull",
///                          clock: .virtual(CostModel(perFrame: .milliseconds(4))), frameRate: 120)
/// let busy = (0 ..< 120).map { MainThreadEvent(frame: $0, cost: .milliseconds(8)) }
/// let result = try loop.run(frames: 120, events: busy)
/// print(result.missedVsyncs, result.asyncFrames)
/// ```
///
/// A loop can run several times in a row; its clock keeps going, so the time input never moves
/// backwards.
public final class FrameLoop: Sendable {
    /// What the loop renders.
    public let target: any RenderTarget
    /// How the loop decides when and where to render.
    public let strategy: any UpdateStrategy
    /// The clock the loop runs under.
    public let clockMode: ClockMode
    /// The display link's rate, in Hz.
    public let frameRate: Double
    /// The time between two vsyncs.
    public let tickDuration: Duration
    let clock: any FrameClock
    private let grid: VsyncGrid
    private let state: Protected<State>
    /// The posted transactions and the events that missed, for ``audit``; apart from ``state`` so
    /// that a transaction (which may wait in ``State/pendingTransactions``) holds it and not the loop.
    private let ledger = Protected(TransactionLedger())
    /// The frames completed and main-thread events handled, which ``progress`` counts.
    private let steps = Atomic<Int>(0)

    private struct State {
        var frameRequested = false
        var frameInFlight = false
        var displayLinkPaused = false
        var pendingTransactions: [Transaction] = []
        /// When the main-thread event whose handler is running was due, if one is running.
        var runningEventDue: Int64?
        /// The main-thread event whose handler is running, if one is.
        var runningEvent: MainThreadEvent?
        /// When the events were due whose transactions were applied since the last render pulled
        /// the target: the next frame to render shows their effect.
        var appliedEventDues: [Int64] = []
        var isRunning = false
        var recorder = RunRecorder(firstTick: Tick(index: 0, frameRate: 1))

        /// Requests a frame; returns whether the display link was paused and must be woken.
        mutating func requestFrame() -> Bool {
            defer {
                frameRequested = true
                displayLinkPaused = false
            }
            return displayLinkPaused
        }
    }

    /// Checks that a loop can run at `frameRate`, for code that must know before it makes anything
    /// for the loop (a workload's instance is made for its frame rate).
    ///
    /// - Throws: ``SchedulingError/invalidFrameRate(_:)`` unless `0 < frameRate ≤ 1,000,000`.
    public static func validate(frameRate: Double) throws {
        guard frameRate.isFinite, frameRate > 0, frameRate <= 1_000_000 else {
            throw SchedulingError.invalidFrameRate(frameRate)
        }
    }

    /// Makes a loop rendering `target` with `strategy`.
    ///
    /// - Throws: ``SchedulingError/invalidFrameRate(_:)`` unless `0 < frameRate ≤ 1,000,000`;
    ///   ``SchedulingError/negativeCost(_:_:)`` for a cost model with a negative cost.
    public init(target: any RenderTarget, strategy: any UpdateStrategy, clock: ClockMode = .realTime, frameRate: Double = 60) throws {
        try Self.validate(frameRate: frameRate)
        let grid = VsyncGrid(frameRate: frameRate)
        switch clock {
        case .realTime:
            self.clock = RealTimeClock(graph: target.graph, grid: grid)
        case .virtual(let costModel):
            try costModel.validate()
            self.clock = VirtualClock(graph: target.graph, grid: grid, costModel: costModel)
        }
        self.target = target
        self.strategy = strategy
        clockMode = clock
        self.frameRate = frameRate
        self.grid = grid
        tickDuration = .seconds(1) / frameRate
        state = Protected(State())
    }

    /// Makes a loop rendering `target` with the strategy registered under `name`.
    ///
    /// - Throws: ``SchedulingError/unknownStrategy(_:known:)`` and the errors of
    ///   ``init(target:strategy:clock:frameRate:)``.
    public convenience init(
        target: any RenderTarget, strategy name: String, registry: StrategyRegistry = .shared,
        clock: ClockMode = .realTime, frameRate: Double = 60
    ) throws {
        try self.init(target: target, strategy: registry.makeStrategy(named: name), clock: clock, frameRate: frameRate)
    }

    // MARK: Threads, time and the lock

    /// The emulated main thread.
    public var mainThread: any LoopThread { clock.mainThread }

    /// Makes a serial background thread named `name` (its ``ThreadRole``), for strategies that
    /// measure or prefetch off the main thread.
    public func makeBackgroundThread(named name: String) -> any LoopThread {
        clock.makeThread(role: ThreadRole(rawValue: name))
    }

    /// The time since the loop's clock started (virtual time under the virtual clock).
    public var now: Duration { .nanoseconds(clock.now) }

    /// Runs `body` holding the graph's update lock (re-entrant). Strategies must use this rather
    /// than ``Graph/withLock(_:)``: under the virtual clock it also waits for the lock in virtual
    /// time and charges the evaluations done inside.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try clock.withLock(body)
    }

    // MARK: Transactions

    /// Posts a state change made by an event handler: `body` writes inputs. The strategy decides
    /// when it is applied; the loop records how many times it is (``audit``).
    public func transaction(_ name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        let ledger = self.ledger
        let number = ledger.withLock { $0.post(named: name) }
        var transaction = Transaction(name) {
            body()
            ledger.withLock { $0.applied(number) }
        }
        transaction.eventDue = state.withLock { state in
            state.recorder.transactions += 1
            // Events run on the main thread; a transaction from another thread is not theirs.
            return transaction.thread == .main ? state.runningEventDue : nil
        }
        strategy.transactionPosted(transaction, loop: self)
    }

    /// Applies `transaction` now, under the update lock: its writes mark, nothing is evaluated.
    public func apply(_ transaction: Transaction) {
        withLock { applyRecordingDue(transaction) }
    }

    /// Applies `transaction` (under the update lock) and notes its event for the next render
    /// (``RunResult/updateLatency``).
    private func applyRecordingDue(_ transaction: Transaction) {
        transaction.apply(to: target.graph)
        if let due = transaction.eventDue { state.withLock { $0.appliedEventDues.append(due) } }
    }

    /// Keeps `transaction` pending until the next main-thread render (``Frame/render(fallbackReason:)``)
    /// or ``flushTransactions()``. While any is pending, ``Frame/renderAsync()`` declines.
    public func enqueue(_ transaction: Transaction) {
        withLock { state.withLock { $0.pendingTransactions.append(transaction) } }
    }

    /// Whether transactions are pending.
    public var hasPendingTransactions: Bool {
        state.withLock { !$0.pendingTransactions.isEmpty }
    }

    /// Applies the pending transactions, oldest first, each in its own batch.
    public func flushTransactions() {
        withLock {
            let pending = state.withLock { state in
                defer { state.pendingTransactions.removeAll() }
                return state.pendingTransactions
            }
            for transaction in pending { applyRecordingDue(transaction) }
        }
    }

    // MARK: Frames

    /// Asks for a frame at the next tick, resuming the display link if it paused. Under the
    /// virtual clock the request takes effect at the virtual time the calling job has reached (after
    /// the work it did before asking), as it would in real time, not at the time the job started.
    public func requestFrame() {
        clock.atCommit { [self] in
            if state.withLock({ $0.requestFrame() }) { clock.wakeDisplayLink() }
        }
    }

    /// Reports that the main-thread event whose handler is running acted on nothing (`reason`,
    /// e.g. "no button 'save'"): an error of the workload, which tools report with the event's
    /// name and frame (``audit``). Outside an event's handler, it is reported as an event without
    /// a name at frame 0.
    public func reportMiss(_ reason: String) {
        let event = state.withLock { $0.runningEvent }
        ledger.withLock { $0.missedEvents.append(MissedEvent(event: event?.name, frame: event?.frame ?? 0, reason: reason)) }
    }

    /// What became of every transaction posted to the loop since it was made, whether the last
    /// rendered frame shows them, and which events acted on nothing: read after the runs (and the
    /// drain), to check that the strategy did its job.
    public var audit: LoopAudit {
        ledger.withLock { $0.audit }
    }

    /// Adds `amount` to the run's counter `name` (reported in ``RunResult/counters``), for
    /// strategy-specific measurements.
    public func count(_ name: String, by amount: Int = 1) {
        state.withLock { $0.recorder.counters[name, default: 0] += amount }
    }

    // MARK: Running

    /// Runs the display link for `frames` vsync intervals, delivering `events` to the main thread,
    /// and returns once every frame and job started in the run has finished. Blocks the caller;
    /// call it from a thread the loop does not own.
    ///
    /// The first tick renders a frame if the target wants one (an animation is running) or a frame
    /// was requested before the run; otherwise the display link stays paused until a transaction
    /// or ``requestFrame()`` asks for one.
    ///
    /// - Throws: ``SchedulingError/negativeFrameCount(_:)``,
    ///   ``SchedulingError/eventOutsideRun(_:at:runLength:)``,
    ///   ``SchedulingError/negativeCost(_:_:)`` for an event, ``SchedulingError/alreadyRunning``.
    public func run(frames: Int, events: [MainThreadEvent] = []) throws -> RunResult {
        guard frames >= 0 else { throw SchedulingError.negativeFrameCount(frames) }
        let wasRunning = state.withLock { state in
            defer { state.isRunning = true }
            return state.isRunning
        }
        guard !wasRunning else { throw SchedulingError.alreadyRunning }
        defer { state.withLock { $0.isRunning = false } }
        let firstTick = Tick(index: clock.nextTickIndex(), grid: grid)
        let ticks = firstTick.index ..< firstTick.index + frames
        let scheduled = try events.map { event in
            try event.scheduled(on: grid, ticks: ticks) { due in
                { @Sendable in
                    self.state.withLock { ($0.runningEventDue, $0.runningEvent) = (due, event) }
                    event.action?(self)
                    self.state.withLock { ($0.runningEventDue, $0.runningEvent) = (nil, nil) }
                    self.recordInputLatency(due: due, ownWork: event.cost)
                    self.steps.add(1, ordering: .relaxed)
                }
            }
        }
        state.withLock { state in
            state.recorder = RunRecorder(firstTick: firstTick)
            state.appliedEventDues.removeAll()
        }
        let graph = target.graph
        let (evaluationsBefore, wantsFrame) = graph.withLock { (graph.statistics.evaluations, target.wantsNextFrame) }
        if wantsFrame { requestFrame() }
        let busyBefore = clock.mainThreadBusyTime
        let outcome = clock.run(ticks: ticks, events: scheduled, loop: self)
        let evaluations = graph.withLock { graph.statistics.evaluations } - evaluationsBefore
        return RunResult(
            strategy: strategy.name, clock: clockMode.name, frameRate: frameRate, ticks: outcome.ticks,
            durationNanoseconds: grid.time(of: ticks.lowerBound + outcome.ticks) - grid.time(of: ticks.lowerBound),
            recorder: state.withLock { $0.recorder }, displayLinkCoalesced: outcome.coalesced,
            evaluations: evaluations, mainThreadBusyNanoseconds: clock.mainThreadBusyTime - busyBefore
        )
    }

    /// Whether the loop has nothing left to do: no frame requested or in flight, no transaction
    /// pending, and a target that wants no further frame (no animation running). Read between
    /// runs, to tell whether another run would still change the screen.
    public var isQuiescent: Bool { pendingWork.isEmpty }

    /// Runs `step` frames at a time while the loop is not quiescent (``isQuiescent``), until
    /// `limit` frames have run: the drain after a run's measured frames, so that what a run leaves
    /// pending (a slow thread's frame, an animation's end) is finished before its outcome is
    /// checked. Returns the drain's runs in order, none when the loop was quiescent already.
    public func runUntilQuiescent(step: Int, limit: Int) throws -> [RunResult] {
        precondition(step > 0, "FrameLoop.runUntilQuiescent: a step of \(step) frames")
        var runs: [RunResult] = []
        var ticks = 0
        while !isQuiescent && ticks < limit {
            runs.append(try run(frames: step))
            ticks += step
        }
        return runs
    }

    /// What keeps the loop from being quiescent (``isQuiescent``), in words: "a frame requested",
    /// "a frame in flight", "2 transactions pending", "the target wants another frame"; empty when
    /// it is quiescent.
    public var pendingWork: [String] {
        var work = state.withLock { state -> [String] in
            var work: [String] = []
            if state.frameRequested { work.append("a frame requested") }
            if state.frameInFlight { work.append("a frame in flight") }
            let pending = state.pendingTransactions.count
            if pending > 0 { work.append("\(pending) transaction\(pending == 1 ? "" : "s") pending") }
            return work
        }
        if withLock({ target.wantsNextFrame }) { work.append("the target wants another frame (an animation running, or main-thread work waiting)") }
        return work
    }

    /// A number that grows while the loop moves forward: with every frame completed (rendered or
    /// skipped) and every main-thread event whose handler has finished, and, under the real clock,
    /// with each vsync of a run as it comes, so that a run waiting for its clock (an idle stretch
    /// of its script) moves too. Readable from any thread while a run goes on, for a watchdog:
    /// once it stands still, the run is stuck, whatever the clock.
    ///
    /// A run can move only so far (a frame per tick at most, each event once, its own vsyncs), so
    /// a run that keeps moving ends. Work a strategy posts to a thread of the loop does not count:
    /// a strategy that keeps posting it, completing no frame, is as stuck as one that waits
    /// forever. While a run's own vsyncs are coming, any run moves; a stuck one stands still from
    /// its last vsync on.
    public var progress: Int { steps.load(ordering: .relaxed) + clock.vsyncsCome }

    /// Ends the run in progress after the current tick (from any thread; under the virtual clock,
    /// from a job of the run). Frames in flight and events that already arrived still finish.
    public func stop() { clock.stop() }

    // MARK: Internals shared with the clocks and frames

    /// A tick arrived on the render thread: starts a frame if one was requested and none is in flight.
    func handleTick(_ tick: Tick) -> TickDisposition {
        let disposition = state.withLock { state -> TickDisposition in
            if state.frameInFlight {
                state.recorder.coalescedTicks += 1
                return .coalesced
            }
            guard state.frameRequested else {
                state.displayLinkPaused = true
                return .idle
            }
            state.frameRequested = false
            state.frameInFlight = true
            return .delivered
        }
        if disposition == .delivered { strategy.displayLinkFired(Frame(tick: tick, loop: self), loop: self) }
        return disposition
    }

    /// Records that the handler of a main-thread event due at `due` (clock nanoseconds) has just
    /// finished: one sample of ``RunResult/inputLatency``, which leaves out the event's own
    /// synthetic work (`ownWork`, its ``MainThreadEvent/cost``): no strategy can shorten that, and
    /// a workload whose handlers stall would otherwise break every strategy alike.
    private func recordInputLatency(due: Int64, ownWork: Duration) {
        let finished = clock.now
        let latency = max(0, finished - due - ownWork.inNanoseconds)
        state.withLock { $0.recorder.inputLatencies.append(latency) }
    }

    /// Takes the due times of the events whose transactions were applied since the last render:
    /// called under the update lock by a render that has just pulled the target, whose frame
    /// shows their effect (and every transaction applied so far, for ``audit``).
    func takeAppliedEventDues() -> [Int64] {
        ledger.withLock { $0.rendered() }
        return state.withLock { state in
            defer { state.appliedEventDues.removeAll() }
            return state.appliedEventDues
        }
    }

    /// Whether a frame was started and not yet completed.
    var isFrameInFlight: Bool { state.withLock { $0.frameInFlight } }

    /// Records the frame of `tick`, rendered on the calling thread from `renderStart` until now,
    /// once it commits; `shownEventDues` are the due times of the events whose effect it is the
    /// first to show.
    func commit(
        _ tick: Tick, renderStart: Int64, evaluations: Int, fallbackReason: FallbackReason?, wantsNextFrame: Bool,
        shownEventDues: [Int64]
    ) {
        let thread = ThreadRole.current
        let commitTime = clock.now
        @Sendable func finish() {
            if !shownEventDues.isEmpty {
                state.withLock { $0.recorder.updateLatencies += shownEventDues.map { commitTime - $0 } }
            }
            finishFrame(wantsNextFrame: wantsNextFrame) { firstTick in
                FrameMetrics(
                    tick: tick, runStart: firstTick, thread: thread, renderStart: renderStart,
                    commit: commitTime, evaluations: evaluations, fallbackReason: fallbackReason
                )
            }
        }
        if clock.defersCommits { clock.atCommit(finish) } else { finish() }
    }

    /// Ends the frame in flight, records it (`metrics` makes its record from the run's first
    /// tick; `nil` for a skipped frame) and requests the next one if the target wants it.
    func finishFrame(wantsNextFrame: Bool, metrics: ((Tick) -> FrameMetrics)? = nil) {
        let wakeDisplayLink = state.withLock { state in
            state.frameInFlight = false
            if let metrics {
                state.recorder.frames.append(metrics(state.recorder.firstTick))
            } else {
                state.recorder.skippedFrames += 1
            }
            return wantsNextFrame && state.requestFrame()
        }
        steps.add(1, ordering: .relaxed)
        if wakeDisplayLink { clock.wakeDisplayLink() }
    }
}
