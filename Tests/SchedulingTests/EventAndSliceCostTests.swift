import Constraints
import Scheduling
import Testing

/// The virtual clock's costs of delivering events on the real clock's main thread (its wake-up
/// and the overrun of synthetic work spent asleep) and of a sliced update's bookkeeping (nodes
/// handed to ``Graph/update(_:continuingWhile:)``), all on the virtual clock.
@Suite struct EventAndSliceCostTests {
    /// An event that finds the main thread idle starts `eventWakeUp` after it is due, a wait that
    /// is input latency but not main-thread busy time; one that arrives while the thread is busy
    /// waits for it instead and pays no wake-up.
    @Test func anEventWakesAnIdleMainThreadOnly() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let model = CostModel(eventWakeUp: .microseconds(300))
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        // Due at 4 ms, the first starts at 4.3 and works until 6.3; the second, due at 5 ms, finds
        // the thread busy and starts at 6.3: 1.3 ms late, with no wake-up of its own.
        let events = [
            MainThreadEvent(frame: 0, offset: .milliseconds(4), cost: .milliseconds(2)),
            MainThreadEvent(frame: 0, offset: .milliseconds(5)),
        ]
        let result = try loop.run(frames: 2, events: events)
        let latency = try #require(result.inputLatency)
        #expect(abs(latency.max - 1.3) < 1e-9, "\(latency)")
        #expect(abs(result.mainThreadBusyMilliseconds - 2) < 1e-9)
    }

    /// Synthetic work keeps the main thread `syntheticWorkOverrun` longer than stated, as busy time
    /// and as input latency (the stated work itself is not input latency); an event without
    /// synthetic work has no overrun.
    @Test func syntheticWorkOverrunsOnlyWhenThereIsWork() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let model = CostModel(syntheticWorkOverrun: .microseconds(100))
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        let withWork = try loop.run(frames: 2, events: [MainThreadEvent(frame: 0, offset: .milliseconds(4), cost: .milliseconds(2))])
        #expect(abs(withWork.mainThreadBusyMilliseconds - 2.1) < 1e-9)
        #expect(abs((withWork.inputLatency?.max ?? .nan) - 0.1) < 1e-9)
        let without = try loop.run(frames: 2, events: [MainThreadEvent(frame: 0, offset: .milliseconds(4))])
        #expect(without.mainThreadBusyMilliseconds == 0)
        #expect(without.inputLatency?.max == 0)
    }

    /// Each node handed to the graph's interruptible update costs `perNodeRequested`, whether or
    /// not it is out of date: three up-to-date nodes cost three times the cost and no evaluation.
    @Test func nodesHandedToAnUpdateAreChargedEachAndCounted() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let graph = scene.graph
        let nodes: [any GraphNode] = [scene.root, scene.label, scene.offset]
        let model = CostModel(perEvaluation: .milliseconds(5), perNodeRequested: .microseconds(100))
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        let requestedBefore = graph.withLock { graph.statistics.nodesRequested }
        let update = MainThreadEvent(frame: 0, offset: .milliseconds(4)) { loop in
            loop.withLock { _ = graph.update(nodes, continuingWhile: { true }) }
        }
        let result = try loop.run(frames: 2, events: [update])
        #expect(abs(result.mainThreadBusyMilliseconds - 0.3) < 1e-9)
        #expect(graph.withLock { graph.statistics.nodesRequested } - requestedBefore == 3)
        #expect(throws: SchedulingError.self) {
            try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perNodeRequested: .microseconds(-1))))
        }
    }

    /// The new costs cannot be negative.
    @Test func negativeEventCostsAreRejected() {
        let scene = AnimatedScene(animating: false)
        for model in [CostModel(eventWakeUp: .microseconds(-1)), CostModel(syntheticWorkOverrun: .microseconds(-1))] {
            #expect(throws: SchedulingError.self) { try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model)) }
        }
    }
}
