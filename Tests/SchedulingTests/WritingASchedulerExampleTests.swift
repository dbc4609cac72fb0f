import Foundation
import Testing
import Scheduling

/// `throttled`: changes only mark, as with `lazy`, but frames render on the main thread on every
/// `interval`-th vsync only (30 fps on a 60 Hz display link for an interval of 2).
final class ThrottledStrategy: UpdateStrategy {
    let name = "throttled"
    let interval: Int

    init(interval: Int) {
        self.interval = interval
    }

    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)      // mark now, evaluate at the next rendered frame
        loop.requestFrame()
    }

    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        guard frame.tick.index % interval == 0 else {
            frame.skip()             // not at this vsync...
            loop.requestFrame()      // ...but the frame is still wanted at a later one
            return
        }
        loop.mainThread.post { frame.render() }
    }
}

/// Registers the strategy, taps a counter once per frame for ten frames under the virtual clock,
/// and returns the run's metrics with the label's evaluation count and final value.
func runThrottledExample() throws -> (result: RunResult, labelEvaluations: Int, label: String) {
    let registry = StrategyRegistry()
    try registry.register("throttled") { ThrottledStrategy(interval: 2) }

    let graph = Graph(recordsNodeStatistics: true)
    let count = graph.input(0, name: "count")
    let label = graph.rule(name: "label") { "tapped \(count.value) times" }
    let target = GraphTarget(graph: graph, outputs: [label])

    let loop = try FrameLoop(
        target: target, strategy: "throttled", registry: registry,
        clock: .virtual(CostModel(perFrame: .milliseconds(2))), frameRate: 60
    )
    let taps = (0 ..< 10).map { frame in
        MainThreadEvent(frame: frame, name: "tap") { loop in
            loop.transaction { count.value += 1 }
        }
    }
    let result = try loop.run(frames: 12, events: taps)
    return graph.withLock { (result, graph.statistics(of: label)?.evaluations ?? 0, label.value) }
}

/// The worked example of `Docs/WritingAScheduler.md`, compiled and run; the code above is that
/// document's example block, verbatim.
@Suite struct WritingASchedulerExampleTests {
    @Test func theWorkedExampleBehavesAsDocumented() throws {
        let (result, labelEvaluations, label) = try runThrottledExample()
        #expect(result.strategy == "throttled")
        #expect(result.frames.map(\.tick) == [0, 2, 4, 6, 8, 10])
        #expect(result.renderedFrames == 6)
        #expect(result.skippedFrames == 5)
        #expect(result.idleTicks == 1)
        #expect(labelEvaluations == 6)
        #expect(label == "tapped 10 times")
        #expect(result.lateFrames == 0)
        #expect(result.frames.allSatisfy { $0.thread == .main && $0.renderMilliseconds == 2 })
    }

    @Test func theDocumentAndThisFileShowTheSameExample() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let document = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/WritingAScheduler.md")
        let markdown = try String(contentsOf: document, encoding: .utf8)
        let blocks = markdown.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        let example = try #require(blocks.first { $0.contains("ThrottledStrategy: UpdateStrategy") })
        #expect(try String(contentsOf: testFile, encoding: .utf8).contains(example))
    }
}
