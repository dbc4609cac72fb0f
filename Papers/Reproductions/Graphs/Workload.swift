/// A write of `value` to input `node`.
struct Write: Hashable, Sendable {
    var node: Int32
    var value: Int
}

/// One step of a workload: writes applied together (one batch), then reads of the demanded nodes.
struct Step: Sendable {
    var writes: [Write]
    var reads: [Int32]
}

/// A graph spec together with how it is used: which nodes are observed and what each step changes.
struct Workload: Sendable {
    /// The shape's name as shown in tables, such as `chain` or `random DAG`.
    var name: String
    var spec: GraphSpec
    /// The observed nodes: read after every step unless a step says otherwise, and the nodes the
    /// ``TopologicalEvaluator`` keeps up to date.
    var outputs: [Int32]
    /// Makes step number `index` (from 0), drawing random values from `random`.
    var makeStep: @Sendable (_ index: Int, _ random: inout SplitMix64) -> Step

    /// The first `count` steps, drawn from a generator seeded with `seed`.
    func steps(_ count: Int, seed: UInt64) -> [Step] {
        var random = SplitMix64(seed: seed)
        return (0 ..< count).map { makeStep($0, &random) }
    }
}
