import Scheduling
import Testing

/// The built-in strategies under the virtual clock: same outputs, different costs and threads.
@Suite struct StrategyTests {
    @Test func strategiesShowTheSameOutputsFrameByFrame() throws {
        var histories: [String: [Int: String]] = [:]
        var finals: [String: String] = [:]
        for name in builtInStrategies {
            let scene = AnimatedScene(animating: false)
            let target = RecordingTarget(base: scene.target, root: scene.root)
            let loop = try FrameLoop(target: target, strategy: name, clock: .virtual(CostModel()), frameRate: 60)
            _ = try loop.run(frames: 10, events: scriptedChanges(for: scene))
            histories[name] = target.history
            finals[name] = scene.rootValue
        }
        #expect(finals["lazy"]?.hasPrefix("count 28 at ") == true)
        #expect(Set(finals.values).count == 1)
        #expect(histories["lazy"]?.count == 4)
        #expect(histories["eager"] == histories["lazy"])
        #expect(histories["async-pull"] == histories["lazy"])
    }

    @Test(arguments: [1, 5, 20])
    func changesWithinOneFrameCostOneEvaluationWhenLazy(changes: Int) throws {
        for name in builtInStrategies {
            let scene = AnimatedScene(animating: false)
            scene.target.updateOutputs()
            let before = scene.evaluations(of: scene.label)
            let count = scene.count
            let events = (0 ..< changes).map { change in
                MainThreadEvent(frame: 1, offset: .milliseconds(1) + .microseconds(change)) { loop in
                    loop.transaction { count.value += 1 }
                }
            }
            let loop = try FrameLoop(target: scene.target, strategy: name, clock: .virtual(CostModel()))
            let result = try loop.run(frames: 4, events: events)
            let labelRuns = scene.evaluations(of: scene.label) - before
            #expect(labelRuns == (name == "eager" ? changes : 1), "\(name)")
            #expect(scene.evaluations(of: scene.unobserved) == 0, "\(name)")
            #expect(result.renderedFrames == 1, "\(name)")
            #expect(result.transactions == changes, "\(name)")
            #expect(scene.rootValue.hasPrefix("count \(changes) at "), "\(name)")
        }
    }

    @Test func lazyAndEagerRenderOnTheMainThread() throws {
        for name in ["eager", "lazy"] {
            let scene = AnimatedScene()
            let loop = try FrameLoop(target: scene.target, strategy: name, clock: .virtual(CostModel()))
            let result = try loop.run(frames: 5)
            #expect(result.renderedFrames == 5)
            #expect(result.mainThreadFrames == 5)
            #expect(result.asyncFrames == 0)
            #expect(result.fallbacks.isEmpty)
            #expect(Set(scene.log.threads(of: "offset")) == [.main])
        }
    }

    @Test func eagerEvaluatesOnTheThreadThatMadeTheChange() throws {
        let scene = AnimatedScene(animating: false)
        let count = scene.count
        let loop = try FrameLoop(target: scene.target, strategy: "eager", clock: .virtual(CostModel()))
        loop.transaction { count.value = 1 }
        #expect(scene.log.threads(of: "label") == [.other])
        let events = [MainThreadEvent(frame: 2) { loop in loop.transaction { count.value = 2 } }]
        let result = try loop.run(frames: 4, events: events)
        #expect(scene.log.threads(of: "label") == [.other, .main])
        #expect(result.renderedFrames == 2)
    }

    @Test func asyncPullRendersOnTheRenderThreadWhenNothingRequiresMain() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(target: scene.target, strategy: "async-pull", clock: .virtual(CostModel()))
        let result = try loop.run(frames: 6)
        // The first frame instantiates the outputs on the main thread; then the render thread takes over.
        #expect(result.frames.map(\.thread) == [.main, .render, .render, .render, .render, .render])
        #expect(result.fallbacks == [.firstFrame: 1])
        #expect(scene.log.threads(of: "offset") == [.main, .render, .render, .render, .render, .render])
        #expect(scene.log.threads(of: "label") == [.main])
    }

    @Test func asyncPullFallsBackToMainForPendingTransactions() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        let count = scene.count
        let loop = try FrameLoop(target: scene.target, strategy: "async-pull", clock: .virtual(CostModel()))
        let events = [MainThreadEvent(frame: 2, offset: .milliseconds(1)) { loop in loop.transaction { count.value = 7 } }]
        let result = try loop.run(frames: 6, events: events)
        #expect(result.frames.map(\.thread) == [.render, .render, .render, .main, .render, .render])
        #expect(result.frames[3].fallbackReason == .pendingTransactions)
        #expect(result.fallbacks == [.pendingTransactions: 1])
        #expect(scene.log.threads(of: "label") == [.other, .main])
        #expect(scene.rootValue.hasPrefix("count 7"))
    }

    @Test func asyncPullFallsBackWhileANodeRequiringMainIsDirty() throws {
        let scene = AnimatedScene()
        let graph = scene.graph
        let log = scene.log
        let theme = graph.input("light", name: "theme")
        let themed = graph.rule(name: "themed", requiresMainThread: true) { log.record("themed"); return theme.value }
        let target = GraphTarget(graph: graph, outputs: [scene.root, themed], time: scene.time)
        target.isAnimating = true
        graph.withLock { target.updateOutputs() }
        let loop = try FrameLoop(target: target, strategy: "async-pull", clock: .virtual(CostModel()))
        // Written directly, not as a transaction: the main-thread node alone forces the fallback.
        let events = [MainThreadEvent(frame: 3, offset: .milliseconds(1)) { loop in
            loop.withLock { theme.value = "dark" }
        }]
        let result = try loop.run(frames: 6, events: events)
        #expect(result.frames.map(\.thread) == [.render, .render, .render, .render, .main, .render])
        #expect(result.frames.map(\.fallbackReason) == [nil, nil, nil, nil, .mainThreadRequired, nil])
        #expect(log.threads(of: "themed") == [.other, .main])
        // Tick 0 sets the time to its initial value, so the animated rule first re-runs at tick 1.
        #expect(log.threads(of: "offset") == [.other, .render, .render, .render, .main, .render])
    }

    @Test func aStaticTreeNeverRendersAsynchronously() throws {
        let scene = AnimatedScene(hasDynamicContainer: false)
        let loop = try FrameLoop(target: scene.target, strategy: "async-pull", clock: .virtual(CostModel()))
        let result = try loop.run(frames: 5)
        #expect(result.asyncFrames == 0)
        #expect(result.fallbacks == [.noDynamicContainer: 5])
        #expect(Set(scene.log.threads(of: "offset")) == [.main])
    }

    @Test func aRuleNoOutputReadsNeverRuns() throws {
        for name in ["lazy", "async-pull"] {
            let scene = AnimatedScene()
            let count = scene.count
            let events = (0 ..< 8).map { frame in MainThreadEvent(frame: frame) { loop in loop.transaction { count.value += 1 } } }
            let loop = try FrameLoop(target: scene.target, strategy: name, clock: .virtual(CostModel()))
            _ = try loop.run(frames: 10, events: events)
            #expect(scene.evaluations(of: scene.unobserved) == 0)
            #expect(scene.evaluations(of: scene.label) > 0)
        }
    }
}
