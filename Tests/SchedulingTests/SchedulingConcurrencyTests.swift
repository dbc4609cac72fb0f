import Foundation
import Scheduling
import Synchronization
import Testing
import TestSupport

/// The real-time clock: real threads, a real display link and concurrent graph access. These are
/// the tests CI runs under the thread sanitizer (`--filter SchedulingConcurrencyTests`). They
/// assert counts, values and threads, never durations.
@Suite struct SchedulingConcurrencyTests {
    @Test func ticksFollowTheVsyncGrid() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        let target = RecordingTarget(base: scene.target, root: scene.root)
        let loop = try FrameLoop(target: target, strategy: "async-pull", clock: .realTime, frameRate: 240)
        // A run of 24 ticks lasts 0.1 s; on a machine so loaded that the display link's thread
        // woke only after all of them, every tick is coalesced and nothing renders. Runs are
        // repeated (at most 20) until one renders, so the test waits on no duration.
        var results: [RunResult] = []
        repeat {
            results.append(try loop.run(frames: 24))
        } while results.last!.renderedFrames == 0 && results.count < 20
        #expect(results.last!.renderedFrames >= 1)
        for result in results {
            #expect(result.clock == "real-time")
            #expect(result.ticks == 24)
            #expect(result.renderedFrames + result.skippedFrames + result.coalescedTicks + result.idleTicks == 24)
            #expect(result.frames.allSatisfy { $0.thread == .render })
            #expect(result.frames.map(\.tick) == result.frames.map(\.tick).sorted())
            for frame in result.frames {
                #expect(abs(frame.timestampMilliseconds - Double(frame.tick) * 1_000 / 240) < 1e-6)
                #expect(abs(frame.deadlineMilliseconds - frame.timestampMilliseconds - 1_000 / 240) < 1e-6)
            }
        }
    }

    @Test func eventsRunOnTheEmulatedMainThreadInOrder() throws {
        let scene = AnimatedScene(animating: false)
        let log = scene.log
        let count = scene.count
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .realTime, frameRate: 500)
        let events = (0 ..< 5).map { frame in
            MainThreadEvent(frame: frame * 2, cost: .microseconds(500), name: "tap \(frame)") { loop in
                log.record("tap \(frame)")
                loop.transaction { count.value += 1 }
            }
        }
        let result = try loop.run(frames: 20, events: events)
        #expect(log.order.filter { $0.hasPrefix("tap") } == (0 ..< 5).map { "tap \($0)" })
        #expect((0 ..< 5).allSatisfy { log.threads(of: "tap \($0)") == [.main] })
        #expect(result.transactions == 5)
        #expect(result.frames.allSatisfy { $0.thread == .main })
        #expect(scene.rootValue.hasPrefix("count 5 at "))
    }

    @Test func theDisplayLinkPausesWithoutRequests() throws {
        let scene = AnimatedScene(animating: false)
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .realTime, frameRate: 500)
        let result = try loop.run(frames: 20)
        #expect(result.renderedFrames == 0)
        #expect(result.idleTicks == 20)
    }

    @Test func ticksAreCoalescedWhileAFrameRenders() throws {
        let scene = AnimatedScene()
        let target = SlowTarget(base: scene.target, delay: 0.006)
        let loop = try FrameLoop(target: target, strategy: "async-pull", clock: .realTime, frameRate: 500)
        let result = try loop.run(frames: 30)
        // Every render outlasts three vsyncs, which are coalesced rather than queued.
        #expect(result.renderedFrames >= 1)
        #expect(result.coalescedTicks >= 2 * (result.renderedFrames - 1))
        #expect(result.renderedFrames + result.coalescedTicks + result.idleTicks == result.ticks)
        #expect(result.frames.allSatisfy { $0.tick < result.ticks })
    }

    @Test(arguments: builtInStrategies)
    func strategiesReachTheSameOutputs(strategy: String) throws {
        let scene = AnimatedScene(animating: false)
        let loop = try FrameLoop(target: scene.target, strategy: strategy, clock: .realTime, frameRate: 500)
        // 200 ms: the changes end at 13 ms, leaving every strategy time to render them even on a
        // loaded machine.
        let result = try loop.run(frames: 100, events: scriptedChanges(for: scene))
        #expect(scene.rootValue.hasPrefix("count 28 at "))
        #expect(result.transactions == 7)
        #expect(scene.evaluations(of: scene.unobserved) == 0)
    }

    @Test func evaluationsMoveToARealBackgroundThread() throws {
        try checkMeasuringInBackground(clock: .realTime)
    }

    @Test func stressTwoMutatorThreadsAndARenderThread() async throws {
        let scene = AnimatedScene()
        let graph = scene.graph
        let direct = graph.input(0, name: "direct")
        let posted = graph.input(0, name: "posted")
        let sum = graph.rule(name: "sum") { direct.value + posted.value }
        let base = GraphTarget(graph: graph, outputs: [scene.root, sum], time: scene.time)
        base.isAnimating = true
        graph.withLock { base.updateOutputs() }
        let target = StoppingTarget(base: base, stopAfter: 10_000)
        let loop = try FrameLoop(target: target, strategy: "async-pull", clock: .realTime, frameRate: 10_000)
        target.loop.withLock { $0 = loop }
        defer { target.loop.withLock { $0 = nil } }

        let done = Atomic<Bool>(false)
        let finished = DispatchGroup()
        for mutator in 0 ..< 2 {
            finished.enter()
            Thread {
                var step = 0
                while !done.load(ordering: .relaxed) {
                    step += 1
                    let value = step * 2 + mutator
                    if step % 8 == 0 {
                        loop.transaction { posted.value = value }
                    } else {
                        graph.withLock { direct.value = value }
                    }
                    usleep(50)
                }
                finished.leave()
            }.start()
        }
        // The target stops the run after 10,000 frames; the bound of 1,000,000 vsyncs (100 s) only
        // keeps a broken loop from running forever, and leaves a machine loaded by other tests
        // (under ThreadSanitizer, several times slower) all the time it needs.
        // The run and the wait for the mutators happen on a thread of their own (``onOwnThread``).
        let result = try await onOwnThread {
            let result = try loop.run(frames: 1_000_000)
            done.store(true, ordering: .relaxed)
            finished.wait()
            loop.flushTransactions()
            return result
        }

        #expect(result.renderedFrames >= 10_000)
        #expect(result.asyncFrames + result.mainThreadFrames == result.renderedFrames)
        #expect(Set(result.fallbacks.keys).isSubset(of: [.pendingTransactions]))
        #expect(result.fallbacks.values.reduce(0, +) == result.mainThreadFrames)
        #expect(graph.withLock { sum.value == direct.value + posted.value })
        #expect(!loop.hasPendingTransactions)
    }
}

/// A target whose renders take at least `delay` seconds.
final class SlowTarget: RenderTarget {
    let base: GraphTarget
    let delay: TimeInterval

    init(base: GraphTarget, delay: TimeInterval) {
        self.base = base
        self.delay = delay
    }

    var graph: Graph { base.graph }

    func render(at tick: Tick) {
        base.render(at: tick)
        Thread.sleep(forTimeInterval: delay)
    }

    func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
        let outcome = base.renderAsync(at: tick)
        Thread.sleep(forTimeInterval: delay)
        return outcome
    }

    func updateOutputs() { base.updateOutputs() }

    var wantsNextFrame: Bool { base.wantsNextFrame }
}

/// A target that stops its loop's run after a number of renders.
final class StoppingTarget: RenderTarget {
    let base: GraphTarget
    let stopAfter: Int
    let loop = Protected<FrameLoop?>(nil)
    private let renders = Atomic<Int>(0)

    init(base: GraphTarget, stopAfter: Int) {
        self.base = base
        self.stopAfter = stopAfter
    }

    var graph: Graph { base.graph }

    func render(at tick: Tick) {
        base.render(at: tick)
        rendered()
    }

    func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
        let outcome = base.renderAsync(at: tick)
        if outcome == .rendered { rendered() }
        return outcome
    }

    func updateOutputs() { base.updateOutputs() }

    var wantsNextFrame: Bool { base.wantsNextFrame }

    private func rendered() {
        if renders.add(1, ordering: .relaxed).newValue == stopAfter { loop.withLock { $0 }?.stop() }
    }
}
