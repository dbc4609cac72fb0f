/// What work costs in virtual time, so that a run's deadlines, misses and busy times do not
/// depend on the machine.
///
/// Under ``ClockMode/virtual(_:)`` time advances only by these costs and by the synthetic costs of
/// main-thread events; code runs instantly. Each frame render costs ``perFrame`` plus the cost of
/// every rule the render evaluated; evaluations done elsewhere inside ``FrameLoop/withLock(_:)``
/// (an `eager` strategy's updates in an event handler, a background measurement) cost the same, to
/// the thread that did them, which holds the update lock meanwhile. Each vsync reaches the thread
/// that handles it ``wakeUp`` after its timestamp, and a job posted to another thread (a frame
/// handed from the display link to the main thread) reaches it ``threadHandOff`` later. Each
/// main-thread event costs ``perEvent`` besides its stated cost and the evaluations it runs: the
/// delivery of a tap (finding its button, writing the state, posting its transaction). An event
/// that finds the main thread idle starts ``eventWakeUp`` after it is due (the thread was asleep
/// and wakes for it), and an event with synthetic work runs its handler ``syntheticWorkOverrun``
/// after that work's stated end (the real clock spends the work asleep, and the thread wakes from
/// it late).
///
/// An evaluation costs ``perEvaluation``, unless its node's kind has a cost in ``perKind``: then it
/// costs that kind's ``KindCost/perEvaluation`` plus ``KindCost/perInputRead`` for every input edge
/// the run recorded. A node's kind is the role its name ends with (``kind(ofNodeNamed:)``): the
/// view layer names its nodes after their view type and role, so `Text.layout` and `VStack.layout`
/// are both of kind `layout`, and the input reads tell a stack's layout, which combines its
/// children, from a text's (``cost(ofKind:)``). Creating a node costs ``perNodeCreated``, and each
/// node handed to ``Graph/update(_:continuingWhile:)`` costs ``perNodeRequested`` (a sliced
/// update's list of nodes, made and checked at every slice even when nothing in it is out of date). Charging
/// by kind turns on the graph's ``Graph/recordsNodeStatistics``, whose per-name counters it reads.
public struct CostModel: Hashable, Sendable {
    /// Fixed cost of rendering one frame (committing it, drawing the display list).
    public var perFrame: Duration
    /// Cost of one rule evaluation of a kind ``perKind`` has no cost for.
    public var perEvaluation: Duration
    /// Costs of evaluations by node kind (see ``kind(ofNodeNamed:)``).
    public var perKind: [String: KindCost]
    /// Cost of creating one node (building views), charged like an evaluation.
    public var perNodeCreated: Duration
    /// Cost of each node handed to ``Graph/update(_:continuingWhile:)``
    /// (``GraphStatistics/nodesRequested``), charged like an evaluation: making the list of nodes a
    /// sliced update brings up to date one by one, and checking each, at every slice.
    public var perNodeRequested: Duration
    /// Time from a vsync's timestamp until the thread that handles it starts, when that thread is
    /// idle: the display link's and the thread hand-off's latency.
    public var wakeUp: Duration
    /// Time from posting a job to another thread until that thread, when idle, starts it.
    public var threadHandOff: Duration
    /// What handling one main-thread event costs beyond its stated cost and the rule evaluations
    /// it runs (hit-testing a tap, writing state, posting a transaction).
    public var perEvent: Duration
    /// Time from a main-thread event's due time until its handler starts, when the main thread is
    /// idle (asleep) as it arrives: the thread's wake-up. Not main-thread busy time; an event that
    /// arrives while the thread is busy or has jobs waiting does not pay it.
    public var eventWakeUp: Duration
    /// How much longer than its stated cost an event's synthetic work keeps the main thread busy:
    /// on the real clock that work is spent asleep, and the thread wakes from it late. Charged to
    /// every event with a stated cost above zero, as main-thread busy time.
    public var syntheticWorkOverrun: Duration
    /// Time from a vsync's timestamp or a main-thread event's due time until its thread starts it,
    /// when the thread is idle but some thread of the loop ran less than ``warmWindow`` before:
    /// a core woken shortly after it last ran wakes faster than one idle for a whole frame. Charged
    /// instead of ``wakeUp`` (for a tick) and ``eventWakeUp`` (for an event) when it is smaller.
    /// `nil`: every wake-up costs the idle machine's.
    public var warmWakeUp: Duration?
    /// How long after the last thread of the loop stopped running a wake-up still costs
    /// ``warmWakeUp``; zero: never.
    public var warmWindow: Duration

    /// The cost of evaluating one node of a kind.
    public struct KindCost: Hashable, Sendable {
        /// Fixed cost of one evaluation.
        public var perEvaluation: Duration
        /// Cost of each input edge the evaluation recorded.
        public var perInputRead: Duration

        /// A kind's costs.
        public init(perEvaluation: Duration, perInputRead: Duration = .zero) {
            self.perEvaluation = perEvaluation
            self.perInputRead = perInputRead
        }
    }

    /// A cost model; everything is free unless given a cost.
    public init(
        perFrame: Duration = .zero, perEvaluation: Duration = .zero, perKind: [String: KindCost] = [:],
        perNodeCreated: Duration = .zero, wakeUp: Duration = .zero, threadHandOff: Duration = .zero, perEvent: Duration = .zero,
        eventWakeUp: Duration = .zero, syntheticWorkOverrun: Duration = .zero, perNodeRequested: Duration = .zero,
        warmWakeUp: Duration? = nil, warmWindow: Duration = .zero
    ) {
        self.warmWakeUp = warmWakeUp
        self.warmWindow = warmWindow
        self.perFrame = perFrame
        self.perEvaluation = perEvaluation
        self.perKind = perKind
        self.perNodeCreated = perNodeCreated
        self.wakeUp = wakeUp
        self.threadHandOff = threadHandOff
        self.perEvent = perEvent
        self.eventWakeUp = eventWakeUp
        self.syntheticWorkOverrun = syntheticWorkOverrun
        self.perNodeRequested = perNodeRequested
    }

    /// The kind of a node named `name`: its role, the part after its last `.` once generic
    /// arguments and other bracketed parts are left out (`"Text.layout"` and
    /// `"VStack<ForEach<…>>.layout"` are of kind `layout`), or, for a name with no role, the name
    /// without its bracketed parts (`"HStack<TupleView<…>>"` is of kind `HStack`).
    public static func kind(ofNodeNamed name: String) -> String {
        var outside = ""
        var depth = 0
        for character in name {
            switch character {
            case "<", "(", "{", "[": depth += 1
            case ">", ")", "}", "]": depth = max(0, depth - 1)
            default: if depth == 0 { outside.append(character) }
            }
        }
        guard let dot = outside.lastIndex(of: ".") else { return outside }
        return String(outside[outside.index(after: dot)...])
    }

    /// What one evaluation of a node of `kind` costs: the kind's cost in ``perKind``, or
    /// ``perEvaluation`` and nothing per input read for a kind without one.
    public func cost(ofKind kind: String) -> KindCost {
        perKind[kind] ?? KindCost(perEvaluation: perEvaluation)
    }

    /// Whether charging needs the graph's per-name counters.
    var chargesByName: Bool { !perKind.isEmpty || perNodeCreated != .zero }

    /// Throws ``SchedulingError/negativeCost(_:_:)`` for a negative cost.
    func validate() throws {
        if perFrame < .zero { throw SchedulingError.negativeCost("the cost model's perFrame", perFrame) }
        if perEvaluation < .zero { throw SchedulingError.negativeCost("the cost model's perEvaluation", perEvaluation) }
        if perNodeCreated < .zero { throw SchedulingError.negativeCost("the cost model's perNodeCreated", perNodeCreated) }
        if perNodeRequested < .zero { throw SchedulingError.negativeCost("the cost model's perNodeRequested", perNodeRequested) }
        if wakeUp < .zero { throw SchedulingError.negativeCost("the cost model's wakeUp", wakeUp) }
        if threadHandOff < .zero { throw SchedulingError.negativeCost("the cost model's threadHandOff", threadHandOff) }
        if perEvent < .zero { throw SchedulingError.negativeCost("the cost model's perEvent", perEvent) }
        if eventWakeUp < .zero { throw SchedulingError.negativeCost("the cost model's eventWakeUp", eventWakeUp) }
        if let warmWakeUp, warmWakeUp < .zero { throw SchedulingError.negativeCost("the cost model's warmWakeUp", warmWakeUp) }
        if warmWindow < .zero { throw SchedulingError.negativeCost("the cost model's warmWindow", warmWindow) }
        if syntheticWorkOverrun < .zero { throw SchedulingError.negativeCost("the cost model's syntheticWorkOverrun", syntheticWorkOverrun) }
        for (kind, cost) in perKind.sorted(by: { $0.key < $1.key }) {
            if cost.perEvaluation < .zero { throw SchedulingError.negativeCost("the cost model's perEvaluation of kind '\(kind)'", cost.perEvaluation) }
            if cost.perInputRead < .zero { throw SchedulingError.negativeCost("the cost model's perInputRead of kind '\(kind)'", cost.perInputRead) }
        }
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
