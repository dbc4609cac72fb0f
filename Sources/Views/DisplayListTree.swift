import Constraints

/// The display list of a list (a container of a `ForEach`), combined through two levels of nodes,
/// so that a change in one row re-runs three nodes of about ∛n children each rather than one node
/// reading the lists of all n rows.
///
/// With a fan-out `f`, the smallest integer of at least 2 whose cube is at least the number of
/// rows: a node of level 0 combines the lists of `f` consecutive rows, a node of level 1 combines
/// `f` consecutive nodes of level 0, and the list's own node combines the (at most `f`) nodes of
/// level 1. The depth is the same for every length, so a row's change costs the same number of
/// evaluations in a list of 100 or of 100,000 rows; the work, about 3∛n references, grows as slowly
/// as a tree's would at these lengths. Nodes cover positions, not rows: when rows are inserted or
/// removed, every node reads the new rows (and the fan-out they give), and those whose lists did
/// not change stop there (the equality cutoff). Combining only references lists
/// (``DisplayList/group(_:opacity:offset:)``), and sequences flatten into their items in order, so
/// the flattened items are those of the rows' lists one after the other, as without the tree.
///
/// Nodes are made on first use, in the list's subgraph, and live as long as it does.
final class DisplayListTree: @unchecked Sendable {
    private unowned let graph: Graph
    private let owner: Subgraph?
    private let elements: Rule<[ViewElement]>
    private let rowsName: String
    private let chunksName: String
    /// The nodes of level 0 and of level 1 made so far, by position.
    private var levels: [[Rule<DisplayList>]] = [[], []]

    /// A tree for the list whose elements are `elements` and whose display-list node is called `name`.
    init(graph: Graph, elements: Rule<[ViewElement]>, name: String) {
        self.graph = graph
        self.elements = elements
        rowsName = name + ".rows"
        chunksName = name + ".chunks"
        owner = graph.currentSubgraph
    }

    /// The fan-out for `count` rows: the smallest integer of at least 2 whose cube is at least `count`.
    static func fanOut(for count: Int) -> Int {
        var fanOut = 2
        while fanOut * fanOut * fanOut < count { fanOut += 1 }
        return fanOut
    }

    /// The positions of the `fanOut` consecutive children, among `count`, that the node at
    /// `position` combines.
    private static func children(of position: Int, among count: Int, fanOut: Int) -> Range<Int> {
        min(count, position * fanOut) ..< min(count, (position + 1) * fanOut)
    }

    /// How many nodes of `fanOut` children each combine `count` children.
    private static func nodeCount(combining count: Int, fanOut: Int) -> Int {
        (count + fanOut - 1) / fanOut
    }

    /// The list's display list (read inside the list's display-list rule).
    func displayList() -> DisplayList {
        let count = elements.value.count
        let fanOut = Self.fanOut(for: count)
        let chunks = Self.nodeCount(combining: count, fanOut: fanOut)
        return DisplayList.group((0 ..< Self.nodeCount(combining: chunks, fanOut: fanOut)).map { node(level: 1, position: $0).value })
    }

    /// The node at `position` of `level`, made if needed.
    private func node(level: Int, position: Int) -> Rule<DisplayList> {
        while levels[level].count <= position {
            let made = makeNode(level: level, position: levels[level].count)
            levels[level].append(made)
        }
        return levels[level][position]
    }

    private func makeNode(level: Int, position: Int) -> Rule<DisplayList> {
        let elements = self.elements, rowsName = self.rowsName, chunksName = self.chunksName
        return graph.withCurrentSubgraph(owner) {
            if level == 0 {
                return graph.rule(name: rowsName) {
                    let all = elements.value
                    let range = Self.children(of: position, among: all.count, fanOut: Self.fanOut(for: all.count))
                    return DisplayList.group(all[range].map { $0.outputs.displayList.value })
                }
            }
            return graph.rule(name: chunksName) { [unowned self] in
                let count = elements.value.count
                let fanOut = Self.fanOut(for: count)
                let range = Self.children(of: position, among: Self.nodeCount(combining: count, fanOut: fanOut), fanOut: fanOut)
                return DisplayList.group(range.map { self.node(level: 0, position: $0).value })
            }
        }
    }
}
