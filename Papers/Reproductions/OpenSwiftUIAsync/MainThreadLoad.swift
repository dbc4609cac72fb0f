import Scheduling

/// Work the main thread does besides rendering: none, or a synthetic busy main thread.
struct MainThreadLoad: Sendable {
    /// The name used in tables: `idle` or `busy`.
    let name: String
    /// The most work one frame interval gets, in milliseconds (0: none).
    let busiestFrameMilliseconds: Int

    /// The main thread only renders (and runs `onAppear`, completions and transactions).
    static let idle = MainThreadLoad(name: "idle", busiestFrameMilliseconds: 0)

    /// At every vsync the main thread first does work drawn uniformly between 0 and 24 ms (mean
    /// 12 ms, 72 % of a 60 Hz frame), from a fixed seed: busy but not overloaded, with nearly a
    /// third of the frames' work longer than a frame.
    static let busy = MainThreadLoad(name: "busy", busiestFrameMilliseconds: 24)

    /// The events of a run of `frames` frames: one per frame interval, arriving at its vsync and
    /// keeping the main thread busy for its cost. The same on every run.
    func events(frames: Int) -> [MainThreadEvent] {
        guard busiestFrameMilliseconds > 0 else { return [] }
        var random = SplitMix64(seed: 17)
        return (0 ..< frames).map { frame in
            let microseconds = Int.random(in: 0 ... busiestFrameMilliseconds * 1_000, using: &random)
            return MainThreadEvent(frame: frame, cost: .microseconds(microseconds), name: "main-thread work")
        }
    }
}
