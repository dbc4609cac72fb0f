/// One display-link tick (a vsync), with the fields CADisplayLink reports.
///
/// Times are measured from the moment the frame loop's clock started, on a fixed grid: tick `n`
/// happens at `n / frameRate` seconds (to the nanosecond), so deadlines never drift, whatever the
/// clock (real or virtual).
public struct Tick: Hashable, Sendable {
    /// The vsync's number since the clock started.
    public let index: Int
    let timestampNanoseconds: Int64
    let targetTimestampNanoseconds: Int64

    /// Makes the tick number `index` of a display link firing `frameRate` times per second.
    public init(index: Int, frameRate: Double) {
        self.init(index: index, grid: VsyncGrid(frameRate: frameRate))
    }

    init(index: Int, grid: VsyncGrid) {
        self.index = index
        timestampNanoseconds = grid.time(of: index)
        targetTimestampNanoseconds = grid.time(of: index + 1)
    }

    /// When the vsync happened.
    public var timestamp: Duration { .nanoseconds(timestampNanoseconds) }

    /// The deadline of the frame started by this tick: the next vsync. A frame committed later is
    /// late (Apple's definition of a hitch).
    public var targetTimestamp: Duration { .nanoseconds(targetTimestampNanoseconds) }

    /// The time between this vsync and the next.
    public var duration: Duration { .nanoseconds(targetTimestampNanoseconds - timestampNanoseconds) }

    /// ``timestamp`` in seconds, the form a time input of an animation usually takes.
    public var time: Double { Double(timestampNanoseconds) / 1e9 }
}

/// The vsync times of a display link, in nanoseconds since its clock started: vsync `n` is at
/// `n / frameRate` seconds, rounded to the nanosecond, computed from `n` so that it never drifts.
struct VsyncGrid: Hashable, Sendable {
    let frameRate: Double

    /// The time of vsync `index`.
    func time(of index: Int) -> Int64 {
        Int64((Double(index) * 1e9 / frameRate).rounded())
    }

    /// The latest vsync at or before `time`.
    func index(at time: Int64) -> Int {
        var index = Int((Double(time) * frameRate / 1e9).rounded(.down))
        while self.time(of: index + 1) <= time { index += 1 }
        while index > 0 && self.time(of: index) > time { index -= 1 }
        return index
    }

    /// The first vsync at or after `time`.
    func firstIndex(atOrAfter time: Int64) -> Int {
        let index = index(at: time)
        return self.time(of: index) == time ? index : index + 1
    }
}
