import Scheduling
import Testing

/// A strategy that brings the outputs up to date on a background thread after each change and
/// only commits frames on the main thread (the shape of a Texture-style scheduler), written
/// against the public protocol alone.
final class MeasureInBackgroundStrategy: UpdateStrategy {
    let name = "measure-in-background"
    private let measuring = Protected<(any LoopThread)?>(nil)

    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        let background = measuring.withLock { thread in
            if thread == nil { thread = loop.makeBackgroundThread(named: "measure") }
            return thread!
        }
        background.post {
            loop.withLock { loop.target.updateOutputs() }
            loop.count("measurements")
            loop.mainThread.post { loop.requestFrame() }
        }
    }

    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { frame.render() }
    }
}

/// Two taps under `clock`; each change is measured on the background thread "measure".
func checkMeasuringInBackground(clock: ClockMode) throws {
    let scene = AnimatedScene(animating: false)
    let target = GraphTarget(graph: scene.graph, outputs: [scene.label])
    scene.graph.withLock { target.updateOutputs() }
    let count = scene.count
    let loop = try FrameLoop(target: target, strategy: MeasureInBackgroundStrategy(), clock: clock, frameRate: 240)
    // Taps 200 ms apart, so that under the real clock the frame showing the first measurement is
    // rendered before the second tap marks the label again, even on a loaded machine.
    let taps = [2, 50].map { frame in MainThreadEvent(frame: frame) { loop in loop.transaction { count.value += 1 } } }
    let result = try loop.run(frames: 96, events: taps)
    #expect(result.counters == ["measurements": 2])
    #expect(scene.log.threads(of: "label") == [.other, ThreadRole(rawValue: "measure"), ThreadRole(rawValue: "measure")])
    #expect(result.frames.allSatisfy { $0.thread == .main && $0.evaluations == 0 })
    #expect(result.renderedFrames == 2)
    #expect(scene.graph.withLock { scene.label.value } == "count 2")
    if case .virtual = clock {
        // The label's evaluations cost the background thread, not the main thread.
        #expect(result.mainThreadBusyMilliseconds == 0)
    }
}

@Suite struct BackgroundThreadTests {
    @Test func evaluationsMoveToTheBackgroundThread() throws {
        try checkMeasuringInBackground(clock: .virtual(CostModel(perEvaluation: .milliseconds(1))))
    }
}
