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
/// (``DisplayList/placed(_:at:)``), and placed lists flatten into their items in order, each moved
/// by its offsets on the way down, so the flattened items are those of the rows' lists one after
/// the other at the rows' places.
///
/// The rows draw in their own coordinates (across a stack's axis, their place in the list), and
/// every node places its children along the axis: a node of level 0 each row at the sum of the
/// lengths of the rows before it in the node, a node of level 1 each node of level 0 likewise, the
/// list's own node each node of level 1 at the list's origin plus the lengths before
/// (``Layout``). So when a row's height changes, the offsets that change are those of the later
/// rows in its node of level 0, of the later nodes of level 0 in its node of level 1, and of the
/// later nodes of level 1: three nodes run again, whatever the length.
/// The offsets come from the list's placement through ``place(_:animationChanged:)``, or, for
/// the rows whose length changed alone, through ``update(origin:_:)`` (``ListRowPlacer``); a node
/// that holds a row whose move is animated adds the row's animated displacement, and reads the
/// time while it runs.
///
/// Nodes are made on first use, in the list's subgraph, and live as long as it does (those past
/// the end of a list that shrank too, unused: at most as many as its longest length made).
final class DisplayListTree: @unchecked Sendable {
    /// The offsets at which a node places its children, and a count that changes when a move
    /// animation of one of its rows begins or ends (so that the node runs, and reads the time while
    /// the animation runs).
    struct Offsets: Equatable {
        var points: [Point] = []
        var animationChanges = 0
    }

    /// A node of level 0 or 1, and the input of its offsets.
    private struct Node {
        let displayList: Rule<DisplayList>
        let offsets: Input<Offsets>
    }

    private unowned let graph: Graph
    private let owner: Subgraph?
    private let elements: Rule<[ViewElement]>
    private let rowsName: String
    private let chunksName: String
    private let offsetsName: String
    /// The nodes of level 0 and of level 1 made so far, by position.
    private var levels: [[Node]] = [[], []]
    /// The input of the offsets of the list's own node, made on its first run.
    private var rootOffsets: Input<Offsets>?
    /// The offsets of every node of levels 0, 1 and 2 (the list's own node), as last placed.
    private var placed: [[Offsets]] = [[], [], []]
    /// How many move animations have begun or ended, for ``Offsets/animationChanges``.
    private var animationChanges = 0
    /// The rows' layout as the list's placement gives it now, when the offsets sent last are out
    /// of date (``ListRowPlacer/layoutIfNotPlaced()``).
    var currentLayout: () -> Layout? = { nil }

    /// A tree for the list whose elements are `elements` and whose display-list node is called `name`.
    init(graph: Graph, elements: Rule<[ViewElement]>, name: String) {
        self.graph = graph
        self.elements = elements
        rowsName = name + ".rows"
        chunksName = name + ".chunks"
        offsetsName = name + ".offsets"
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

    /// Where the tree places the rows: the offsets of the children of every node of levels 0, 1
    /// and 2 (the list's own node), and each row's place along the list's axis (across it 0):
    /// the list's origin and the row's offsets summed along the axis, what a row's move animates.
    ///
    /// The tree places the rows along a stack's axis only: a row's place across it, relative to
    /// the list's origin, is the row's own (``ListRowPlacer/localFrame(_:origin:axis:)``), and a
    /// list that is not a stack leaves both to its rows. Along the axis, a row's place is summed
    /// within the nodes: from the start of its node of level 0, that node's from the start of its
    /// node of level 1, and so on; the list's own node adds the list's origin. The stack's own
    /// placement sums all the rows before it, so when one row's length changes every later place
    /// changes in its last bits, and relative offsets taken from those places would change with
    /// them; summed within the nodes, the offsets of a node change only when a row in it does.
    ///
    /// Made for all rows at once (``init(steps:origin:axis:)``), then updated from the rows whose
    /// length changed (``update(origin:_:)``): each recomputes its node of level 0, that node's of
    /// level 1 and the list's own, with the same arithmetic, so the offsets are those a layout
    /// made anew would have, to the bit.
    struct Layout {
        let axis: Axis?
        /// The list's origin, which only the list's own node adds.
        private(set) var origin: Point
        let fanOut: Int
        /// Each row's step along the axis: its length and the spacing after it (0 for a list that
        /// is not a stack).
        private(set) var steps: [Double]
        /// The nodes of level 0 and 1: the offsets of their children, and their length.
        private(set) var chunks: [(points: [Point], length: Double)]
        private(set) var groups: [(points: [Point], length: Double)]
        /// The offsets of the nodes of level 1 in the list's own node, before its origin is added.
        private(set) var groupPlaces: [Point]

        /// How many rows the layout places.
        var count: Int { steps.count }

        init(steps: [Double], origin: Point, axis: Axis?) {
            self.axis = axis
            self.origin = origin
            self.steps = steps
            fanOut = DisplayListTree.fanOut(for: steps.count)
            let chunkCount = DisplayListTree.nodeCount(combining: steps.count, fanOut: fanOut)
            let groupCount = DisplayListTree.nodeCount(combining: chunkCount, fanOut: fanOut)
            chunks = []
            groups = []
            groupPlaces = []
            chunks = (0 ..< chunkCount).map(chunk)
            groups = (0 ..< groupCount).map(group)
            groupPlaces = offsets(0 ..< groupCount) { groups[$0].length }.points
        }

        /// The offsets of the children of the node at `position` of `level`; the list's own node
        /// (level 2) adds the list's origin.
        func offsets(level: Int, position: Int) -> [Point] {
            switch level {
            case 0: return chunks[position].points
            case 1: return groups[position].points
            default: return groupPlaces.map { origin + $0 }
            }
        }

        /// The place of `row` along the list (its offsets summed, from the list's own node down,
        /// then the origin added; across the axis 0).
        func place(ofRow row: Int) -> Point {
            let chunk = row / fanOut, group = chunk / fanOut
            let along = groupPlaces[group] + groups[group].points[chunk % fanOut] + chunks[chunk].points[row % fanOut]
            return axis == .horizontal ? Point(x: origin.x + along.x, y: 0) : axis == .vertical ? Point(x: 0, y: origin.y + along.y) : .zero
        }

        /// Sets the list's origin and the steps of the rows `changed` (row, step), and recomputes
        /// the nodes that hold them; returns the positions of the nodes of level 0 and 1
        /// recomputed, and whether the list's own node changed.
        mutating func update(origin: Point, _ changed: [(row: Int, step: Double)]) -> (chunks: [Int], groups: [Int], root: Bool) {
            let moved = origin != self.origin
            self.origin = origin
            var chunkPositions: [Int] = [], groupPositions: [Int] = []
            for (row, step) in changed {
                steps[row] = step
                if chunkPositions.last != row / fanOut { chunkPositions.append(row / fanOut) }
            }
            for position in chunkPositions {
                chunks[position] = chunk(position)
                if groupPositions.last != position / fanOut { groupPositions.append(position / fanOut) }
            }
            for position in groupPositions { groups[position] = group(position) }
            if !groupPositions.isEmpty { groupPlaces = offsets(groupPlaces.indices) { groups[$0].length }.points }
            return (chunkPositions, groupPositions, moved || !groupPositions.isEmpty)
        }

        private func chunk(_ position: Int) -> (points: [Point], length: Double) {
            offsets(DisplayListTree.children(of: position, among: steps.count, fanOut: fanOut)) { steps[$0] }
        }

        private func group(_ position: Int) -> (points: [Point], length: Double) {
            offsets(DisplayListTree.children(of: position, among: chunks.count, fanOut: fanOut)) { chunks[$0].length }
        }

        /// A node's offsets, along the axis the sums of the lengths of the children before, and
        /// its own length.
        private func offsets(_ range: Range<Int>, length: (Int) -> Double) -> (points: [Point], length: Double) {
            var points: [Point] = []
            points.reserveCapacity(range.count)
            var sum = 0.0
            for child in range {
                points.append(axis == .horizontal ? Point(x: sum, y: 0) : axis == .vertical ? Point(x: 0, y: sum) : .zero)
                sum += length(child)
            }
            return (points, sum)
        }
    }

    /// A row's step along a stack's axis: its length and the spacing after it (0 when the list is
    /// not a stack).
    static func step(of frame: Rect, axis: Axis?, spacing: Double) -> Double {
        axis == nil ? 0 : (axis == .horizontal ? frame.width : frame.height) + spacing
    }

    /// The layout the nodes' offsets were last sent from (``place(_:animationChanged:)``,
    /// ``update(_:)``).
    private(set) var layout: Layout?

    /// Gives every node the offsets of its children in `layout` (an input written only when its
    /// value changes); `animationChanged` says of each row whether a move animation of it began
    /// or ended.
    func place(_ layout: Layout, animationChanged: [Bool]) {
        let fanOut = layout.fanOut
        let counts = [layout.chunks.count, layout.groups.count, 1]
        for level in 0 ..< 3 {
            placed[level].removeSubrange(min(counts[level], placed[level].count)...)
            for position in 0 ..< counts[level] {
                var value = Offsets(points: layout.offsets(level: level, position: position),
                                    animationChanges: position < placed[level].count ? placed[level][position].animationChanges : 0)
                if level == 0 && animationChanged[Self.children(of: position, among: animationChanged.count, fanOut: fanOut)].contains(true) {
                    animationChanges += 1
                    value.animationChanges = animationChanges
                }
                send(value, level: level, position: position)
            }
        }
        self.layout = layout
    }

    /// Sets the list's origin and the steps of the rows `changed` (row, step) in the layout last
    /// placed, and sends the new offsets of the nodes that hold them: a node of each level (and
    /// the list's own), or more when several rows changed. No move animation begins or ends.
    func update(origin: Point, _ changed: [(row: Int, step: Double)]) {
        guard var layout = self.layout.take() else { preconditionFailure("DisplayListTree: update before any placement") }
        let (chunks, groups, root) = layout.update(origin: origin, changed)
        for (level, positions) in [(0, chunks), (1, groups), (2, root ? [0] : [])] {
            for position in positions {
                send(Offsets(points: layout.offsets(level: level, position: position), animationChanges: placed[level][position].animationChanges),
                     level: level, position: position)
            }
        }
        self.layout = layout
    }

    /// Records `value` as the offsets of the node at `position` of `level`, and writes its input
    /// if the node exists.
    private func send(_ value: Offsets, level: Int, position: Int) {
        if position < placed[level].count { placed[level][position] = value } else { placed[level].append(value) }
        if level == 2 {
            rootOffsets?.value = value
        } else if position < levels[level].count {
            levels[level][position].offsets.value = value
        }
    }

    /// The list's display list (read inside the list's display-list rule, after ``place(_:animationChanged:)``).
    func displayList() -> DisplayList {
        if rootOffsets == nil { rootOffsets = graph.withCurrentSubgraph(owner) { graph.input(placed[2].first ?? Offsets(), name: offsetsName) } }
        let count = elements.value.count
        let fanOut = Self.fanOut(for: count)
        let groups = Self.nodeCount(combining: Self.nodeCount(combining: count, fanOut: fanOut), fanOut: fanOut)
        let offsets = offsets(from: rootOffsets!, level: 2, position: 0)
        precondition(offsets.count == groups, "DisplayListTree: offsets for \(offsets.count) nodes, \(groups) nodes")
        return DisplayList.placed((0 ..< groups).map { node(level: 1, position: $0).value }, at: offsets)
    }

    /// The offsets of the children of the node at `position` of `level`: those `input` holds (read
    /// as an input), or when the list's rows changed since they were sent, the current ones.
    private func offsets(from input: Input<Offsets>, level: Int, position: Int) -> [Point] {
        let points = input.value.points
        guard let current = currentLayout() else { return points }
        return current.offsets(level: level, position: position)
    }

    /// The display list of the node at `position` of `level`, made if needed.
    private func node(level: Int, position: Int) -> Rule<DisplayList> {
        while levels[level].count <= position {
            let made = makeNode(level: level, position: levels[level].count)
            levels[level].append(made)
        }
        return levels[level][position].displayList
    }

    private func makeNode(level: Int, position: Int) -> Node {
        let elements = self.elements, rowsName = self.rowsName, chunksName = self.chunksName, offsetsName = self.offsetsName
        return graph.withCurrentSubgraph(owner) {
            let offsets = graph.input(position < placed[level].count ? placed[level][position] : Offsets(), name: offsetsName)
            if level == 0 {
                return Node(displayList: graph.rule(name: rowsName) { [unowned self] in
                    let all = elements.value
                    let range = Self.children(of: position, among: all.count, fanOut: Self.fanOut(for: all.count))
                    var points = self.offsets(from: offsets, level: 0, position: position)
                    precondition(points.count == range.count, "DisplayListTree: offsets for \(points.count) rows, \(range.count) rows")
                    var lists: [DisplayList] = []
                    lists.reserveCapacity(range.count)
                    // By index: a copy of each element would retain every node handle it holds.
                    for (slot, index) in range.enumerated() {
                        lists.append(all[index].outputs.displayList.value)
                        let frame = all[index].frame
                        if frame.isMoving {
                            let displacement = frame.displacement()
                            points[slot] = points[slot] + displacement
                        }
                    }
                    return DisplayList.placed(lists, at: points)
                }, offsets: offsets)
            }
            return Node(displayList: graph.rule(name: chunksName) { [unowned self] in
                let count = elements.value.count
                let fanOut = Self.fanOut(for: count)
                let range = Self.children(of: position, among: Self.nodeCount(combining: count, fanOut: fanOut), fanOut: fanOut)
                let points = self.offsets(from: offsets, level: 1, position: position)
                precondition(points.count == range.count, "DisplayListTree: offsets for \(points.count) nodes, \(range.count) nodes")
                return DisplayList.placed(range.map { self.node(level: 0, position: $0).value }, at: points)
            }, offsets: offsets)
        }
    }
}
