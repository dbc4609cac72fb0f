import Constraints
import Scheduling
import Testing

/// The virtual clock's warm wake-up (``CostModel/warmWakeUp``): a thread woken less than
/// ``CostModel/warmWindow`` after a job of the loop ended wakes in the warm time, not the idle
/// machine's; all on the virtual clock.
@Suite struct WarmWakeUpTests {
    /// A vsync shortly after an event's handler wakes its render in the warm time; the vsyncs a
    /// whole frame after the last job pay the idle wake-up.
    @Test func aVsyncShortlyAfterAJobWakesWarm() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        let model = CostModel(wakeUp: .microseconds(200), warmWakeUp: .microseconds(50), warmWindow: .milliseconds(1))
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        // Frame 1's event ends 0.5 ms before frame 2's vsync.
        let event = MainThreadEvent(frame: 1, offset: Duration.microseconds(16_167))
        let result = try loop.run(frames: 4, events: [event])
        let byTick = Dictionary(uniqueKeysWithValues: result.frames.map { ($0.tick, $0) })
        let warm = try #require(byTick[2])
        #expect(abs((warm.renderStartMilliseconds - warm.timestampMilliseconds) - 0.05) < 1e-9)
        for tick in [1, 3] {
            let cold = try #require(byTick[tick])
            #expect(abs((cold.renderStartMilliseconds - cold.timestampMilliseconds) - 0.2) < 1e-9, "tick \(tick)")
        }
    }

    /// An event due shortly after another's handler ended wakes the main thread in the warm time;
    /// one due after the window pays ``CostModel/eventWakeUp``.
    @Test func anEventShortlyAfterAnotherWakesWarm() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let model = CostModel(eventWakeUp: .microseconds(300), warmWakeUp: .microseconds(50), warmWindow: .milliseconds(1))
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        // The first ends at 4.3 ms; the second, due at 4.5, and the third, at 4.7, each come
        // less than 1 ms after the previous ended: warm (0.05 ms each).
        let events = [4_000, 4_500, 4_700].map { MainThreadEvent(frame: 0, offset: .microseconds($0)) }
        let latency = try #require(try loop.run(frames: 2, events: events).inputLatency)
        #expect(abs(latency.max - 0.3) < 1e-9, "\(latency)")
        #expect(abs(latency.p50 - 0.05) < 1e-9, "\(latency)")
        // Due 2 ms after the first ended, outside the window: cold.
        let apart = [4_000, 6_300].map { MainThreadEvent(frame: 0, offset: .microseconds($0)) }
        let cold = try #require(try loop.run(frames: 2, events: apart).inputLatency)
        #expect(abs(cold.p50 - 0.3) < 1e-9 && abs(cold.max - 0.3) < 1e-9, "\(cold)")
    }

    /// Without a warm wake-up (profiles measured before it), every wake-up is the idle machine's;
    /// a warm wake-up larger than the idle one is never charged.
    @Test func withoutAWarmWakeUpEveryWakeUpIsCold() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        for model in [CostModel(wakeUp: .microseconds(200), warmWindow: .milliseconds(100)),
                      CostModel(wakeUp: .microseconds(200), warmWakeUp: .microseconds(500), warmWindow: .milliseconds(100))] {
            let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
            let result = try loop.run(frames: 3, events: [])
            for frame in result.frames {
                #expect(abs((frame.renderStartMilliseconds - frame.timestampMilliseconds) - 0.2) < 1e-9, "tick \(frame.tick)")
            }
        }
    }

    /// The warm costs cannot be negative.
    @Test func negativeWarmCostsAreRejected() {
        let scene = AnimatedScene(animating: false)
        for model in [CostModel(warmWakeUp: .microseconds(-1)), CostModel(warmWindow: .microseconds(-1))] {
            #expect(throws: SchedulingError.self) { try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model)) }
        }
    }
}
