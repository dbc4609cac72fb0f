import Constraints

/// What the evaluations, node creations and nodes requested of a locked section cost under a ``CostModel``, in
/// virtual nanoseconds: the virtual clock starts the meter when a job takes the update lock and
/// charges what it reads when the job gives the lock back.
///
/// A flat model reads the graph's evaluation count. A model that charges by kind reads the graph's
/// per-name counters (``Graph/nameStatistics(atSlot:)``), which only grow, so the cost of a section
/// is the sum over name slots of what each slot's counters grew by times that name's costs. Names
/// are few (one per view type and role), so reading them all at every lock hand-back is cheap.
struct EvaluationMeter {
    private let graph: Graph
    private let model: CostModel
    private let perEvaluation: Int64
    private let perNodeCreated: Int64
    private let perNodeRequested: Int64
    /// The graph's evaluation count at the start (flat model).
    private var evaluationsAtStart = 0
    /// The graph's count of nodes handed to its sliced updates at the start.
    private var nodesRequestedAtStart = 0
    /// Per name slot: the counters at the start.
    private var slotsAtStart: [NameStatistics] = []
    /// Per name slot: the costs of one evaluation and one input read, for the slots seen so far.
    private var slotCosts: [(perEvaluation: Int64, perInputRead: Int64)] = []

    /// A meter of `graph`'s work under `model`; one that charges by kind turns on the graph's node
    /// statistics.
    init(graph: Graph, model: CostModel) {
        self.graph = graph
        self.model = model
        perEvaluation = model.perEvaluation.inNanoseconds
        perNodeCreated = model.perNodeCreated.inNanoseconds
        perNodeRequested = model.perNodeRequested.inNanoseconds
        if model.chargesByName && !graph.recordsNodeStatistics { graph.recordsNodeStatistics = true }
    }

    /// Starts metering from the graph's counters now. Call with the graph's lock held.
    mutating func start() {
        nodesRequestedAtStart = graph.statistics.nodesRequested
        guard model.chargesByName else {
            evaluationsAtStart = graph.statistics.evaluations
            return
        }
        slotsAtStart.removeAll(keepingCapacity: true)
        for slot in 0 ..< graph.nameSlotCount { slotsAtStart.append(graph.nameStatistics(atSlot: slot)) }
    }

    /// The cost of the work done since ``start()``. Call with the graph's lock held.
    mutating func costSinceStart() -> Int64 {
        let requests = perNodeRequested * Int64(graph.statistics.nodesRequested - nodesRequestedAtStart)
        guard model.chargesByName else { return requests + perEvaluation * Int64(graph.statistics.evaluations - evaluationsAtStart) }
        let count = graph.nameSlotCount
        // A name interned since the last call (a node made during the section) gets its costs here, once.
        while slotCosts.count < count {
            let cost = model.cost(ofKind: CostModel.kind(ofNodeNamed: graph.name(atSlot: slotCosts.count)))
            slotCosts.append((cost.perEvaluation.inNanoseconds, cost.perInputRead.inNanoseconds))
        }
        var cost = requests
        for slot in 0 ..< count {
            let now = graph.nameStatistics(atSlot: slot)
            let before = slot < slotsAtStart.count ? slotsAtStart[slot] : NameStatistics()
            cost += slotCosts[slot].perEvaluation * Int64(now.evaluations - before.evaluations)
                + slotCosts[slot].perInputRead * Int64(now.inputsRead - before.inputsRead)
                + perNodeCreated * Int64(now.nodesCreated - before.nodesCreated)
        }
        return cost
    }
}
