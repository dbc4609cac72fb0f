/// The queue of nodes waiting to be recomputed, ordered by height (Jane Street Incremental's
/// recompute heap): one bucket per height, each an intrusive list threaded through the nodes, and a
/// cursor at the lowest non-empty bucket. Pushing and popping cost O(1) plus the distance the cursor
/// moves, and nothing is allocated after creation.
///
/// Popping always returns a node of the lowest height present. A push below the cursor moves the
/// cursor back down, which the topological evaluator relies on when a select starts reading a
/// branch that has to be brought up to date first.
struct RecomputeHeap {
    /// The first node of each height's bucket, or -1.
    private var heads: [Int32]
    /// The next node in the same bucket, per node, or -1.
    private var next: [Int32]
    private var lowest: Int
    private(set) var count = 0

    /// A heap for `nodes` nodes of heights `0 ... maximumHeight`.
    init(nodes: Int, maximumHeight: Int) {
        heads = Array(repeating: -1, count: maximumHeight + 1)
        next = Array(repeating: -1, count: nodes)
        lowest = heads.count
    }

    /// The lowest height present, or `nil` when empty.
    var lowestHeight: Int? {
        mutating get {
            guard count > 0 else { return nil }
            while heads[lowest] < 0 { lowest += 1 }
            return lowest
        }
    }

    /// Adds `node`, which must not be in the heap already.
    mutating func push(_ node: Int32, height: Int) {
        next[Int(node)] = heads[height]
        heads[height] = node
        count += 1
        if height < lowest { lowest = height }
    }

    /// Removes and returns a node of the lowest height present.
    mutating func popLowest() -> Int32? {
        guard let height = lowestHeight else { return nil }
        let node = heads[height]
        heads[height] = next[Int(node)]
        count -= 1
        return node
    }
}
