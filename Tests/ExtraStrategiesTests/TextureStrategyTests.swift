import ExtraStrategies
import Scheduling
import Testing

/// `texture` measures on its background thread and commits on the main thread, in FIFO order.
@Suite struct TextureStrategyTests {
    /// Five changes in one frame of an animation, each taking 6 ms to measure: the background
    /// thread measures them one after the other while the main thread keeps rendering frames,
    /// which show growing prefixes of the changes, in the order they were made.
    @Test func measuresInTheBackgroundAndCommitsInOrderOnMain() throws {
        let scene = AnimatedScene(animating: true)
        let target = RecordingTarget(base: scene.target, root: scene.root)
        let clock = ClockMode.virtual(CostModel(perFrame: .milliseconds(1), perEvaluation: .milliseconds(3)))
        let loop = try FrameLoop(target: target, strategy: TextureStrategy(), clock: clock)
        let result = try loop.run(frames: 8, events: scene.appending(["a", "b", "c", "d", "e"], inFrame: 2))

        let shown = target.history.map { String($0.value.prefix { $0 != " " }) }
        #expect(shown.allSatisfy { "abcde".hasPrefix($0) })
        #expect(shown == shown.sorted { $0.count < $1.count })
        #expect(Set(shown).count >= 4)
        #expect(shown.last == "abcde")
        #expect(target.history.allSatisfy { $0.thread == .main })
        #expect(result.frames.allSatisfy { $0.thread == .main })
        // The first frame and every change were measured on the background thread.
        #expect(scene.log.threads(of: "label") == Array(repeating: measuringThread, count: 6))
    }

    /// Under an animation, the first frame is measured in the background; later frames evaluate
    /// only what depends on their time, on the main thread, and changes stay in the background.
    @Test func onlyTimeDrivenWorkIsLeftToTheMainThread() throws {
        let scene = AnimatedScene(animating: true)
        let loop = try FrameLoop(target: scene.target, strategy: TextureStrategy(), clock: .virtual(CostModel()))
        let result = try loop.run(frames: 6, events: scene.appending(["a", "b"], inFrame: 2))
        #expect(result.renderedFrames == 6)
        #expect(scene.log.threads(of: "label") == [measuringThread, measuringThread, measuringThread])
        #expect(scene.log.threads(of: "offset") == [measuringThread] + Array(repeating: .main, count: 5))
        #expect(scene.graph.withLock { scene.root.value }.hasPrefix("ab at "))
    }

    /// The default working range is Texture's: two screenfuls ahead, one behind.
    @Test func defaultWorkingRange() {
        let strategy = TextureStrategy()
        #expect(strategy.name == "texture")
        #expect(strategy.leadingScreenfuls == 2)
        #expect(strategy.trailingScreenfuls == 1)
    }
}
