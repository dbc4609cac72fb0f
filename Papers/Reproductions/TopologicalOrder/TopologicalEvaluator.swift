/// An eager evaluator in the style of Jane Street's Incremental: nodes have heights, a change puts
/// the nodes that depend on it into a height-ordered ``RecomputeHeap``, and ``stabilize()``
/// recomputes them lowest height first, so that every node is recomputed after all its parents and
/// at most once, and a node whose value did not change (`==`) does not propagate.
///
/// Only *necessary* nodes are kept up to date: the observed ones and, transitively, the nodes they
/// currently read. A select reads its condition and one branch; when the condition switches the
/// branch, the old branch may become unnecessary (it is no longer updated) and the new one necessary
/// (it is brought up to date before the select reads it).
///
/// Heights are computed once from every parent a node *may* read, so switching a select's branch
/// never invalidates them; Incremental adjusts heights as its binds create nodes, which this spec
/// never needs.
///
/// This is a baseline for the reproduction of Vander Zanden et al. (2001), which compares
/// mark-sweep evaluation with topological-ordering evaluation.
final class TopologicalEvaluator {
    let spec: GraphSpec
    @exclusivity(unchecked) private var values: [Int]
    @exclusivity(unchecked) private var heights: [Int32]
    /// Evaluation clock; ticks on every value change.
    @exclusivity(unchecked) private var clock: UInt64 = 1
    @exclusivity(unchecked) private var changedAt: [UInt64]
    /// Clock value when each node was last recomputed; 0 for never.
    @exclusivity(unchecked) private var recomputedAt: [UInt64]
    /// The necessary nodes that currently read each node.
    @exclusivity(unchecked) private var children: [ChildList]
    /// For selects, the branch currently read; -1 before the first computation.
    @exclusivity(unchecked) private var currentBranch: [Int32]
    /// Observers plus necessary children currently reading each node; necessary when positive.
    @exclusivity(unchecked) private var necessity: [Int32]
    @exclusivity(unchecked) private var queued: [Bool]
    @exclusivity(unchecked) private var heap: RecomputeHeap

    /// Recomputations that produced a value (a select postponed until its new branch is up to date
    /// is counted once, when it completes).
    @exclusivity(unchecked) private(set) var recomputations = 0

    /// Builds the evaluator for `spec`, observes `outputs` and stabilizes.
    init(spec: GraphSpec, observing outputs: [Int32]) {
        self.spec = spec
        let count = spec.count
        values = spec.initialInputValues
        heights = Array(repeating: 0, count: count)
        for node in 0 ..< count {
            var height: Int32 = 0
            for parent in spec.parents(of: Int32(node)) { height = max(height, heights[Int(parent)] + 1) }
            heights[node] = height
        }
        changedAt = Array(repeating: 1, count: count)
        recomputedAt = Array(repeating: 0, count: count)
        children = Array(repeating: ChildList(), count: count)
        currentBranch = Array(repeating: -1, count: count)
        necessity = Array(repeating: 0, count: count)
        queued = Array(repeating: false, count: count)
        heap = RecomputeHeap(nodes: count, maximumHeight: Int(heights.max() ?? 0))
        for output in outputs { retain(output) }
        stabilize()
        recomputations = 0
    }

    /// Writes input `node`; nothing is recomputed until ``stabilize()``.
    func set(_ node: Int32, to value: Int) {
        precondition(spec.kinds[Int(node)] == .input, "node \(node) is not an input")
        guard values[Int(node)] != value else { return }
        values[Int(node)] = value
        clock += 1
        changedAt[Int(node)] = clock
        children[Int(node)].forEach(enqueue)
    }

    /// Recomputes every necessary node affected by the writes since the last stabilization, in
    /// height order.
    func stabilize() {
        while let node = heap.popLowest() {
            queued[Int(node)] = false
            if necessity[Int(node)] > 0 { recompute(node) }
        }
    }

    /// The value of `node`, which must be necessary; current after ``stabilize()``.
    func value(of node: Int32) -> Int {
        precondition(necessity[Int(node)] > 0, "node \(node) is not observed or read by an observed node")
        return values[Int(node)]
    }

    /// Whether `node` is kept up to date.
    func isNecessary(_ node: Int32) -> Bool { necessity[Int(node)] > 0 }

    // MARK: Recomputing

    private func recompute(_ node: Int32) {
        if spec.kinds[Int(node)] == .select {
            let branch = spec.branch(of: node, condition: values[Int(spec.parents(of: node).first!)])
            let previous = currentBranch[Int(node)]
            if branch != previous {
                currentBranch[Int(node)] = branch
                children[Int(branch)].append(node)
                retain(branch)
                if previous >= 0 {
                    children[Int(previous)].remove(node)
                    release(previous)
                }
                // The new branch (or something it reads) may need recomputing first: come back later.
                if let lowest = heap.lowestHeight, lowest < Int(heights[Int(node)]) {
                    enqueue(node)
                    return
                }
            }
        }
        let value = spec.evaluate(node) { values[Int($0)] }
        recomputations += 1
        let first = recomputedAt[Int(node)] == 0
        recomputedAt[Int(node)] = clock
        if first || value != values[Int(node)] {
            values[Int(node)] = value
            clock += 1
            changedAt[Int(node)] = clock
            children[Int(node)].forEach(enqueue)
        }
    }

    @inline(__always)
    private func enqueue(_ node: Int32) {
        guard !queued[Int(node)] else { return }
        queued[Int(node)] = true
        heap.push(node, height: Int(heights[Int(node)]))
    }

    // MARK: Necessity

    /// The parents `node` currently reads: all of them for a sum or residue; the condition and the
    /// current branch (if chosen yet) for a select.
    @inline(__always)
    private func forEachCurrentParent(of node: Int32, _ body: (Int32) -> Void) {
        let parents = spec.parents(of: node)
        if spec.kinds[Int(node)] == .select {
            body(parents.first!)
            if currentBranch[Int(node)] >= 0 { body(currentBranch[Int(node)]) }
        } else {
            for parent in parents { body(parent) }
        }
    }

    /// Adds one reason for `root` to be necessary. A node that becomes necessary starts reading its
    /// parents (which may become necessary in turn) and is queued if it is stale: never computed,
    /// or a parent changed since it was last computed.
    private func retain(_ root: Int32) {
        var stack = [root]
        while let node = stack.popLast() {
            necessity[Int(node)] += 1
            guard necessity[Int(node)] == 1, spec.kinds[Int(node)] != .input else { continue }
            var stale = recomputedAt[Int(node)] == 0
            forEachCurrentParent(of: node) { parent in
                if changedAt[Int(parent)] > recomputedAt[Int(node)] { stale = true }
                children[Int(parent)].append(node)
                stack.append(parent)
            }
            // A select that never ran chose no branch yet; it is stale and picks one when it runs.
            if stale { enqueue(node) }
        }
    }

    /// Removes one reason for `root` to be necessary. A node that becomes unnecessary stops
    /// reading its parents and is no longer kept up to date.
    private func release(_ root: Int32) {
        var stack = [root]
        while let node = stack.popLast() {
            necessity[Int(node)] -= 1
            guard necessity[Int(node)] == 0, spec.kinds[Int(node)] != .input else { continue }
            forEachCurrentParent(of: node) { parent in
                children[Int(parent)].remove(node)
                stack.append(parent)
            }
        }
    }
}
