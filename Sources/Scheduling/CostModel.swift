/// What work costs in virtual time, so that a run's deadlines, misses and busy times do not
/// depend on the machine.
///
/// Under ``ClockMode/virtual(_:)`` time advances only by these costs and by the synthetic costs of
/// main-thread events; code runs instantly. Each frame render costs ``perFrame`` plus
/// ``perEvaluation`` for every rule the render evaluated; evaluations done elsewhere inside
/// ``FrameLoop/withLock(_:)`` (an `eager` strategy's updates in an event handler, a background
/// measurement) cost ``perEvaluation`` each, to the thread that did them, which holds the update
/// lock meanwhile.
public struct CostModel: Hashable, Sendable {
    /// Fixed cost of rendering one frame (committing it, drawing the display list).
    public var perFrame: Duration
    /// Cost of one rule evaluation.
    public var perEvaluation: Duration

    /// A cost model; everything is free unless given a cost.
    public init(perFrame: Duration = .zero, perEvaluation: Duration = .zero) {
        self.perFrame = perFrame
        self.perEvaluation = perEvaluation
    }

    /// Throws ``SchedulingError/negativeCost(_:_:)`` for a negative cost.
    func validate() throws {
        if perFrame < .zero { throw SchedulingError.negativeCost("the cost model's perFrame", perFrame) }
        if perEvaluation < .zero { throw SchedulingError.negativeCost("the cost model's perEvaluation", perEvaluation) }
    }
}

/// How a frame loop keeps time.
public enum ClockMode: Hashable, Sendable {
    /// Real threads and a display link that sleeps until each vsync; costs are what the work really
    /// takes (synthetic main-thread costs are spent asleep, so they do not steal a core).
    case realTime
    /// A deterministic simulation of the same threads and vsync grid, in which work costs what the
    /// cost model says. Runs as fast as the code does, and gives the same result every time.
    case virtual(CostModel)

    /// `"real-time"` or `"virtual"`, as reported in ``RunResult/clock``.
    public var name: String {
        switch self {
        case .realTime: "real-time"
        case .virtual: "virtual"
        }
    }
}
