import Scheduling
import Views

/// `main-thread-stall`: bars sliding in a `ForEach` while, once a second, an event handler blocks
/// the main thread for 100 ms (a slow handler). A strategy that renders on the main thread cannot
/// render until the handler returns, and misses about six vsyncs at 60 Hz per stall; one that
/// renders the animation on the render thread need not miss any.
public struct MainThreadStallWorkload: Workload {
    public let name = "main-thread-stall"
    public var summary: String {
        "\(bars) bars sliding in a ForEach while a slow event handler blocks the main thread for \(Int(stall.inMilliseconds)) ms once a second: main-thread renders wait for it, render-thread ones need not."
    }
    /// Number of sliding bars.
    public let bars: Int
    /// How long each stall blocks the main thread.
    public let stall: Duration

    /// `bars` sliding bars (at least 1) while the main thread stalls for `stall` (at least 0) once a
    /// second, half a second into each second.
    public init(bars: Int = 100, stall: Duration = .milliseconds(100)) {
        self.bars = max(1, bars)
        self.stall = max(.zero, stall)
    }

    /// `stall-ms` and `bars`.
    public var loadParameters: [LoadParameter] {
        [
            LoadParameter(name: "stall-ms", unit: "ms stalls", summary: "how long each slow handler blocks the main thread, in ms",
                          default: stall.inMilliseconds.rounded(), range: 0 ... 1_000, sweep: [10, 25, 50, 100, 200, 400]),
            LoadParameter(name: "bars", unit: "bars", summary: "sliding bars", default: Double(bars), range: 1 ... 10_000),
        ]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return parameter == "bars" ? MainThreadStallWorkload(bars: Int(value), stall: stall)
            : MainThreadStallWorkload(bars: bars, stall: .milliseconds(Int64(value)))
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let slideSeconds = Double(EventScript.activeFrames(of: frames).count) / frameRate
        let host = ViewHost(rootView: SlidingBars(bars: bars, duration: slideSeconds), size: Size(width: 320, height: 640))
        let halfSecond = Int((frameRate / 2).rounded())
        let stalls = EventScript.frames(of: frames, perSecond: 1, frameRate: frameRate).map { frame in
            MainThreadEvent(frame: frame + halfSecond, cost: stall, name: "slow handler")
        }.filter { $0.frame < frames }
        return WorkloadInstance(showing: host, events: stalls)
    }
}
