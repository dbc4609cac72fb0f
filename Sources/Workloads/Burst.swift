import Scheduling
import Views

/// `burst-k`: the counter of ``CounterWorkload`` tapped k times within every frame, the taps
/// spread evenly over the frame interval. Each tap is its own transaction; a lazy strategy
/// coalesces the k changes into one evaluation per frame, an eager one evaluates after each.
public struct BurstWorkload: Workload {
    /// State changes per frame.
    public let changesPerFrame: Int

    /// k = `changesPerFrame` taps per frame (none if it is not positive).
    public init(changesPerFrame: Int) {
        self.changesPerFrame = changesPerFrame
    }

    public var name: String { "burst-\(changesPerFrame)" }

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
