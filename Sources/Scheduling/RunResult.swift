/// The metrics of one ``FrameLoop/run(frames:events:)``: per-frame records and the run's summary.
/// Codable, so that tools can save runs as JSON and compare them.
///
/// Apple's definitions: a frame is late when it commits after its target timestamp; the hitch time
/// is the sum of lateness, and the hitch time ratio is hitch milliseconds per second of run
/// (good ≤ 5 ms/s, critical > 10 ms/s).
public struct RunResult: Codable, Hashable, Sendable {
    /// The strategy's name.
    public var strategy: String
    /// `"real-time"` or `"virtual"`.
    public var clock: String
    /// Display-link rate in Hz.
    public var frameRate: Double
    /// Vsync intervals the run covered.
    public var ticks: Int
    /// `ticks` × the vsync interval.
    public var durationMilliseconds: Double
    /// Frames rendered.
    public var renderedFrames: Int
    /// Frames a strategy completed without rendering.
    public var skippedFrames: Int
    /// Ticks dropped because a frame was still rendering or in flight.
    public var coalescedTicks: Int
    /// Ticks at which no frame was requested (the display link was paused).
    public var idleTicks: Int
    /// Frames rendered on the render (display-link) thread.
    public var asyncFrames: Int
    /// Frames rendered on the main thread.
    public var mainThreadFrames: Int
    /// Main-thread frames that fell back from the render thread, by reason.
    public var fallbacks: [FallbackReason: Int]
    /// Distribution of frame time (vsync to commit), in milliseconds.
    public var frameTime: Percentiles
    /// Frames committed after their deadline.
    public var lateFrames: Int
    /// Sum of the frames' missed vsyncs.
    public var missedVsyncs: Int
    /// Sum of the frames' lateness, in milliseconds.
    public var hitchTimeMilliseconds: Double
    /// Hitch milliseconds per second of run.
    public var hitchTimeRatio: Double
    /// Time the main thread spent running jobs (events, renders, updates), in milliseconds.
    public var mainThreadBusyMilliseconds: Double
    /// Distribution of input latency, in milliseconds: for every main-thread event of the run, the
    /// time from when it was due to when its handler had finished, less the event's own synthetic
    /// work (``MainThreadEvent/cost``, which no strategy can shorten): the waits for the main
    /// thread (while it renders or runs earlier events) and for the update lock (while another
    /// thread holds it), the delivery, and the work the strategy does in the handler (`eager`'s
    /// update).
    /// `nil` for a run without events (and in results recorded before this metric existed).
    public var inputLatency: Percentiles?
    /// Distribution of update latency, in milliseconds: for every transaction an event handler
    /// posted (``FrameLoop/transaction(_:_:)``), the time from when the event was due to when the
    /// first frame rendered after the transaction was applied committed, the frame that shows its
    /// effect. A strategy that defers work buys input latency with update latency. Transactions
    /// whose effect no frame of the run committed are not counted; `nil` when none was (and in
    /// results recorded before this metric existed).
    public var updateLatency: Percentiles?
    /// Transactions posted during the run.
    public var transactions: Int
    /// Rule evaluations during the run, wherever they happened.
    public var evaluations: Int
    /// `evaluations / renderedFrames` (0 without frames).
    public var evaluationsPerFrame: Double
    /// Counters a strategy kept with ``FrameLoop/count(_:by:)``.
    public var counters: [String: Int]
    /// Every rendered frame, in commit order.
    public var frames: [FrameMetrics]

    /// p50, p90, p99 and maximum of a sample, by the nearest-rank method (0 for an empty sample).
    public struct Percentiles: Codable, Hashable, Sendable {
        /// The median.
        public var p50: Double
        /// The 90th percentile.
        public var p90: Double
        /// The 99th percentile.
        public var p99: Double
        /// The largest value.
        public var max: Double

        /// The percentiles of `values`.
        public init(_ values: [Double]) {
            let sorted = values.sorted()
            func rank(_ fraction: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                return sorted[Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
            }
            p50 = rank(0.5)
            p90 = rank(0.9)
            p99 = rank(0.99)
            max = sorted.last ?? 0
        }
    }

    init(
        strategy: String, clock: String, frameRate: Double, ticks: Int, durationNanoseconds: Int64,
        recorder: RunRecorder, displayLinkCoalesced: Int, evaluations: Int, mainThreadBusyNanoseconds: Int64
    ) {
        let frames = recorder.frames
        self.strategy = strategy
        self.clock = clock
        self.frameRate = frameRate
        self.ticks = ticks
        durationMilliseconds = milliseconds(durationNanoseconds)
        renderedFrames = frames.count
        skippedFrames = recorder.skippedFrames
        coalescedTicks = recorder.coalescedTicks + displayLinkCoalesced
        idleTicks = Swift.max(0, ticks - renderedFrames - skippedFrames - coalescedTicks)
        asyncFrames = frames.count { $0.thread == .render }
        mainThreadFrames = frames.count { $0.thread == .main }
        fallbacks = frames.reduce(into: [:]) { counts, frame in
            if let reason = frame.fallbackReason { counts[reason, default: 0] += 1 }
        }
        frameTime = Percentiles(frames.map(\.frameTimeMilliseconds))
        lateFrames = frames.count { !$0.metDeadline }
        missedVsyncs = frames.reduce(0) { $0 + $1.missedVsyncs }
        hitchTimeMilliseconds = frames.reduce(0) { $0 + $1.hitchMilliseconds }
        hitchTimeRatio = durationMilliseconds > 0 ? hitchTimeMilliseconds / (durationMilliseconds / 1_000) : 0
        mainThreadBusyMilliseconds = milliseconds(mainThreadBusyNanoseconds)
        inputLatency = recorder.inputLatencies.isEmpty ? nil : Percentiles(recorder.inputLatencies.map(milliseconds))
        updateLatency = recorder.updateLatencies.isEmpty ? nil : Percentiles(recorder.updateLatencies.map(milliseconds))
        transactions = recorder.transactions
        self.evaluations = evaluations
        evaluationsPerFrame = frames.isEmpty ? 0 : Double(evaluations) / Double(frames.count)
        counters = recorder.counters
        self.frames = frames
    }
}

/// What a frame loop collects during a run.
struct RunRecorder {
    /// The run's first tick; frame times are measured from its vsync.
    var firstTick: Tick
    var frames: [FrameMetrics] = []
    var skippedFrames = 0
    var coalescedTicks = 0
    var transactions = 0
    /// Per main-thread event, nanoseconds from when it was due to when its handler finished.
    var inputLatencies: [Int64] = []
    /// Per transaction posted by an event handler, nanoseconds from when the event was due to the
    /// commit of the first frame that shows its effect.
    var updateLatencies: [Int64] = []
    var counters: [String: Int] = [:]
}
