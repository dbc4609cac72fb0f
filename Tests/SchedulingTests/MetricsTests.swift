import Foundation
import Scheduling
import Testing

/// Frame and run metrics follow Apple's definitions and survive a JSON round trip.
@Suite struct MetricsTests {
    @Test func percentilesUseTheNearestRank() {
        let values = (1 ... 200).map(Double.init).shuffled()
        let percentiles = RunResult.Percentiles(values)
        #expect(percentiles.p50 == 100)
        #expect(percentiles.p90 == 180)
        #expect(percentiles.p99 == 198)
        #expect(percentiles.max == 200)
        #expect(RunResult.Percentiles([]) == RunResult.Percentiles([0]))
        #expect(RunResult.Percentiles([7]).p99 == 7)
    }

    @Test func lateFramesCountMissedVsyncsAndHitchTime() throws {
        // 60 Hz, a 30 ms render: each frame is 13.3 ms late, which is 1 missed vsync.
        let scene = AnimatedScene()
        let loop = try FrameLoop(
            target: scene.target, strategy: "lazy",
            clock: .virtual(CostModel(perFrame: .milliseconds(30))), frameRate: 60
        )
        let result = try loop.run(frames: 6)
        #expect(result.frames.map(\.tick) == [0, 2, 4])
        let frame = try #require(result.frames.first)
        #expect(!frame.metDeadline)
        #expect(frame.missedVsyncs == 1)
        #expect(abs(frame.hitchMilliseconds - 13.333_333) < 1e-3)
        #expect(abs(frame.frameTimeMilliseconds - 30) < 1e-9)
        #expect(abs(result.durationMilliseconds - 100) < 1e-9)
        #expect(abs(result.hitchTimeRatio - 400) < 1e-2)
        #expect(result.lateFrames == 3 && result.missedVsyncs == 3)
    }

    @Test func aRunResultRoundTripsThroughJSON() throws {
        let scene = AnimatedScene(hasDynamicContainer: false)
        let loop = try FrameLoop(
            target: scene.target, strategy: "async-pull",
            clock: .virtual(CostModel(perFrame: .milliseconds(3))), frameRate: 120
        )
        loop.count("custom", by: 2)
        let result = try loop.run(frames: 4, events: [MainThreadEvent(frame: 1) { loop in loop.count("custom") }])
        #expect(result.counters == ["custom": 1])
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(RunResult.self, from: data) == result)
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["strategy"] as? String == "async-pull")
        #expect(json["clock"] as? String == "virtual")
        #expect(json["fallbacks"] as? [String: Int] == ["no-dynamic-container": 4])
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.first?["thread"] as? String == "main")
        #expect(frames.first?["fallbackReason"] as? String == "no-dynamic-container")
    }
}
