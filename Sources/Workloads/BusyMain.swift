import Scheduling
import Views

/// `busy-main`: bars sliding across the screen in a `ForEach` while every frame's main thread is
/// loaded with synthetic work (90 % of the frame interval by default: 15 ms at 60 Hz), the case
/// asynchronous rendering exists for: a frame rendered on the main thread commits only after that
/// work, and misses its deadline once the render takes longer than what is left of the interval.
/// The slide lasts until the run's last few frames.
public struct BusyMainWorkload: Workload {
    public let name = "busy-main"
    public var summary: String {
        "\(bars) bars sliding in a ForEach while synthetic work keeps the main thread busy for \(Int(mainThreadLoad * 100)) % of every frame: main-thread renders wait, render-thread ones need not."
    }
    /// Number of sliding bars.
    public let bars: Int
    /// The synthetic main-thread work per frame, as a fraction of the frame interval.
    public let mainThreadLoad: Double

    /// `bars` sliding bars (at least 1) while the main thread is busy for `mainThreadLoad` of
    /// every frame interval (clamped to 0…1).
    public init(bars: Int = 100, mainThreadLoad: Double = 0.9) {
        self.bars = max(1, bars)
        self.mainThreadLoad = mainThreadLoad.isFinite ? min(max(mainThreadLoad, 0), 1) : 0
    }

    /// `busy-percent` (the main thread's synthetic work, in % of each frame interval) and `bars`.
    public var loadParameters: [LoadParameter] {
        [
            LoadParameter(name: "busy-percent", unit: "% of each frame busy", summary: "the main thread's synthetic work per frame, in % of the frame interval",
                          default: (mainThreadLoad * 100).rounded(), range: 0 ... 100, sweep: [50, 80, 90, 95, 98, 100]),
            LoadParameter(name: "bars", unit: "bars", summary: "sliding bars", default: Double(bars), range: 1 ... 10_000),
        ]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return parameter == "bars" ? BusyMainWorkload(bars: Int(value), mainThreadLoad: mainThreadLoad)
            : BusyMainWorkload(bars: bars, mainThreadLoad: value / 100)
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let slideSeconds = Double(EventScript.activeFrames(of: frames).count) / frameRate
        let host = ViewHost(rootView: SlidingBars(bars: bars, duration: slideSeconds), size: Size(width: 320, height: 640))
        let work = Duration.nanoseconds(Int64(mainThreadLoad * 1e9 / frameRate))
        let events = (0 ..< frames).map { MainThreadEvent(frame: $0, cost: work, name: "main-thread work") }
        return WorkloadInstance(showing: host, events: events)
    }
}

/// Bars that slide from the leading to the trailing side once, over `duration` seconds, starting
/// when they appear.
struct SlidingBars: View {
    let bars: Int
    let duration: Double
    @State var isAtEnd = false

    var body: some View {
        VStack(spacing: 1) {
            ForEach(0 ..< bars) { _ in
                Color.blue.frame(width: 40, height: 5).offset(x: isAtEnd ? 140 : -140)
            }
        }
        .animation(.linear(duration: duration), value: isAtEnd)
        .onAppear { isAtEnd = true }
    }
}
