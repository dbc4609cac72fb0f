import Scheduling
import Testing

/// Bad arguments give clear errors, never a crash or a hang.
@Suite struct BadInputTests {
    @Test func anUnknownStrategyNameListsTheKnownOnes() throws {
        let scene = AnimatedScene()
        let error = #expect(throws: SchedulingError.self) {
            try FrameLoop(target: scene.target, strategy: "fastest", registry: StrategyRegistry())
        }
        #expect(error == .unknownStrategy("fastest", known: ["async-pull", "eager", "lazy"]))
        #expect(error?.description == "unknown strategy 'fastest'; known strategies: async-pull, eager, lazy")
    }

    @Test func aNameCannotBeRegisteredTwice() throws {
        let registry = StrategyRegistry()
        #expect(throws: SchedulingError.duplicateStrategy("lazy")) {
            try registry.register("lazy") { LazyStrategy() }
        }
        try registry.register("lazy-again") { LazyStrategy() }
        #expect(registry.names == ["async-pull", "eager", "lazy", "lazy-again"])
        #expect(try registry.makeStrategy(named: "lazy-again").name == "lazy")
    }

    /// A strategy's name names files of the results, so a name a file system would refuse (or
    /// read as a folder) is refused when it is registered, not when the results are written.
    @Test(arguments: ["", "my/strat", "two words", ".", "..", "naïve", "-h", "a--b"])
    func aNameThatIsNotAWordIsRefused(name: String) {
        let registry = StrategyRegistry()
        let error = #expect(throws: SchedulingError.self) { try registry.register(name) { LazyStrategy() } }
        #expect(error == .invalidStrategyName(name))
        #expect(error?.description == "'\(name)' cannot name a strategy: a name starts with an ASCII letter or digit and goes on with "
            + "letters, digits, '-', '_', '.' or '+', without '--' (it is an argument and names the files of a run's results)")
        #expect(registry.names == ["async-pull", "eager", "lazy"])
    }

    @Test func namesOfLettersDigitsAndPunctuationAreTaken() throws {
        let registry = StrategyRegistry()
        for name in ["lazy+coalesce", "Lazy2", "v1.2_fast", "x-y"] { try registry.register(name) { LazyStrategy() } }
        #expect(registry.names.count == 7)
    }

    @Test(arguments: [0, -60, .nan, .infinity, 2_000_000])
    func aFrameRateOutsideTheRangeIsRejected(rate: Double) {
        let scene = AnimatedScene()
        let error = #expect(throws: SchedulingError.self) {
            try FrameLoop(target: scene.target, strategy: "lazy", frameRate: rate)
        }
        #expect(error?.description.hasPrefix("invalid frame rate") == true)
    }

    @Test func negativeCostsAreRejected() throws {
        let scene = AnimatedScene()
        #expect(throws: SchedulingError.negativeCost("the cost model's perFrame", .milliseconds(-1))) {
            try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perFrame: .milliseconds(-1))))
        }
        #expect(throws: SchedulingError.negativeCost("the cost model's perEvaluation", .nanoseconds(-5))) {
            try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perEvaluation: .nanoseconds(-5))))
        }
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let error = #expect(throws: SchedulingError.self) {
            try loop.run(frames: 3, events: [MainThreadEvent(frame: 1, cost: .milliseconds(-8), name: "busy")])
        }
        #expect(error?.description == "negative synthetic cost for event 'busy': -0.008 seconds; costs must be zero or more")
    }

    @Test func runArgumentsAreChecked() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        #expect(throws: SchedulingError.negativeFrameCount(-1)) { try loop.run(frames: -1) }
        #expect(throws: SchedulingError.self) { try loop.run(frames: 3, events: [MainThreadEvent(frame: 3)]) }
        #expect(throws: SchedulingError.self) { try loop.run(frames: 3, events: [MainThreadEvent(frame: -1)]) }
        #expect(throws: SchedulingError.self) {
            try loop.run(frames: 3, events: [MainThreadEvent(frame: 0, offset: .milliseconds(-1))])
        }
        let result = try loop.run(frames: 0)
        #expect(result.ticks == 0 && result.renderedFrames == 0)
    }

    @Test func runsOfOneLoopCannotOverlap() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let nested = MainThreadEvent(frame: 1) { loop in
            #expect(throws: SchedulingError.alreadyRunning) { try loop.run(frames: 1) }
        }
        let result = try loop.run(frames: 3, events: [nested])
        #expect(result.renderedFrames == 3)
    }
}
