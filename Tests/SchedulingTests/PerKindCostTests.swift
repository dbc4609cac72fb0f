import Constraints
import Scheduling
import Testing

/// The virtual clock charging by node kind, node creation and wake-up (``CostModel``).
@Suite struct PerKindCostTests {
    /// A row layout reading three inputs and a root display list reading the layout and one input.
    struct Scene {
        let graph = Graph()
        let target: GraphTarget

        init() {
            let graph = graph
            let (a, b, c) = (graph.input(1, name: "a"), graph.input(2, name: "b"), graph.input(3, name: "c"))
            let layout = graph.rule(name: "Row<Int>.layout") { a.value + b.value + c.value }
            let root = graph.rule(name: "Root.displayList") { layout.value * a.value }
            target = GraphTarget(graph: graph, outputs: [root], time: graph.input(0.0, name: "time"))
            target.isAnimating = true
        }
    }

    static let model = CostModel(
        perFrame: .milliseconds(1), perEvaluation: .milliseconds(7),
        perKind: [
            "layout": .init(perEvaluation: .microseconds(100), perInputRead: .microseconds(10)),
            "displayList": .init(perEvaluation: .microseconds(200), perInputRead: .microseconds(50)),
        ],
        perNodeCreated: .milliseconds(1), wakeUp: .milliseconds(2), threadHandOff: .milliseconds(1)
    )

    @Test func aRenderCostsItsKindsEvaluationsAndReads() throws {
        let scene = Scene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(Self.model))
        let frame = try #require(try loop.run(frames: 1).frames.first)
        // The display link wakes 2 ms after the vsync and hands the frame to the main thread in
        // 1 ms; 1 ms per frame + layout (100 µs + 3 reads × 10 µs) + display list (200 µs + 2 reads
        // × 50 µs).
        #expect(frame.renderStartMilliseconds == 3)
        #expect(abs(frame.renderMilliseconds - 1.43) < 1e-9)
        #expect(abs(frame.frameTimeMilliseconds - 4.43) < 1e-9)
    }

    /// On the render thread a frame starts at the wake-up, with no hand-off.
    @Test func aRenderOnTheRenderThreadPaysNoHandOff() throws {
        let scene = Scene()
        let loop = try FrameLoop(target: scene.target, strategy: "async-pull", clock: .virtual(Self.model))
        let frames = try loop.run(frames: 2).frames
        #expect(frames.map(\.thread) == [.main, .render])
        #expect(frames.map { $0.renderStartMilliseconds - $0.timestampMilliseconds } == [3, 2])
    }

    @Test func kindsWithoutACostChargeTheDefaultAndCreatingNodesIsCharged() throws {
        let scene = Scene()
        let graph = scene.graph
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(Self.model))
        // At frame 1 the main thread creates two nodes and evaluates one rule of a kind without a
        // cost: 2 × 1 ms + 7 ms, besides the first frame's 1.43 ms render and two 1 ms frames that
        // evaluate nothing.
        let work = MainThreadEvent(frame: 1) { loop in
            loop.withLock {
                let x = graph.input(1, name: "x")
                _ = graph.rule(name: "Other.value") { x.value + 1 }.value
            }
        }
        let result = try loop.run(frames: 3, events: [work])
        #expect(result.renderedFrames == 3)
        #expect(abs(result.mainThreadBusyMilliseconds - (1.43 + 2 + 9)) < 1e-9)
    }

    @Test func aFlatModelLeavesStatisticsOff() throws {
        let scene = Scene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perEvaluation: .milliseconds(1))))
        let frame = try #require(try loop.run(frames: 1).frames.first)
        #expect(frame.renderMilliseconds == 2)
        #expect(!scene.graph.recordsNodeStatistics)
    }

    @Test(arguments: [
        ("Text.layout", "layout"),
        ("VStack<ForEach<Range<Int>, Int, A.B>>.placement", "placement"),
        ("HStack<TupleView<Pack{A, B}>>", "HStack"),
        ("Environment(root).colorScheme", "colorScheme"),
        ("Environment(root)", "Environment"),
        ("root", "root"),
        ("", ""),
    ])
    func aNodesKindIsTheRoleItsNameEndsWith(name: String, kind: String) {
        #expect(CostModel.kind(ofNodeNamed: name) == kind)
    }

    @Test func aNegativeKindCostIsRejected() {
        let scene = Scene()
        let model = CostModel(perKind: ["layout": .init(perEvaluation: .zero, perInputRead: .nanoseconds(-1))])
        #expect(throws: SchedulingError.negativeCost("the cost model's perInputRead of kind 'layout'", .nanoseconds(-1))) {
            try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(model))
        }
    }
}
