import Scheduling
import Views

/// `burst-k`: the counter of ``CounterWorkload`` tapped k times within every frame, the taps
/// spread evenly over the frame interval. Each tap is its own transaction; a lazy strategy
/// coalesces the k changes into one evaluation per frame, an eager one evaluates after each.
public struct BurstWorkload: Workload {
    /// State changes per frame.
    public private(set) var changesPerFrame: Int
    /// `burst-k`, after the k it was made with (a sweep of its taps per frame keeps the name).
    public let name: String

    /// k = `changesPerFrame` taps per frame (none if it is not positive).
    public init(changesPerFrame: Int) {
        self.changesPerFrame = changesPerFrame
        name = "burst-\(changesPerFrame)"
    }

    /// `taps-per-frame`, 1 to 2,000.
    public var loadParameters: [LoadParameter] {
        [LoadParameter(name: "taps-per-frame", unit: "taps per frame", summary: "taps on the counter within each frame",
                       default: Double(max(1, changesPerFrame)), range: 1 ... 5_000, sweep: [1, 10, 100, 1_000, 2_000, 4_000])]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        var workload = self
        workload.changesPerFrame = Int(value)
        return workload
    }

    public var summary: String {
        "\(changesPerFrame) tap\(changesPerFrame == 1 ? "" : "s") on the counter within every frame: whether a strategy coalesces changes made between two frames."
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: CounterScreen(), size: Size(width: 320, height: 60))
        let count = max(0, changesPerFrame)
        let interval = 1e9 / frameRate
        let taps = EventScript.activeFrames(of: frames).flatMap { frame in
            (0 ..< count).map { index in
                let offset = Duration.nanoseconds(Int64(interval * Double(index) / Double(count)))
                return EventScript.tap(CounterButton.identifier, on: host, frame: frame, offset: offset)
            }
        }
        return WorkloadInstance(showing: host, events: taps)
    }
}
