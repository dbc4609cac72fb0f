/// The nodes that currently depend on a node, with the first one stored inline (as Incremental
/// stores a node's first child in the node itself), so most nodes need no separate allocation.
/// A multiset: a select whose condition is also its branch appears twice.
struct ChildList {
    private var first: Int32 = -1
    private var rest: [Int32] = []

    mutating func append(_ child: Int32) {
        if first < 0 { first = child } else { rest.append(child) }
    }

    /// Removes one occurrence of `child`, which must be present.
    mutating func remove(_ child: Int32) {
        if first == child {
            first = rest.popLast() ?? -1
        } else if let index = rest.firstIndex(of: child) {
            rest.swapAt(index, rest.count - 1)
            rest.removeLast()
        } else {
            preconditionFailure("\(child) is not a child")
        }
    }

    @inline(__always)
    func forEach(_ body: (Int32) -> Void) {
        guard first >= 0 else { return }
        body(first)
        for child in rest { body(child) }
    }
}
