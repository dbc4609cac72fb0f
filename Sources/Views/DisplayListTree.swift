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
/// (``layout(of:origin:stackAxis:spacing:)``). So when a row's height changes, the offsets that
/// change are those of the later rows in its node of level 0, of the later nodes of level 0 in its
/// node of level 1, and of the later nodes of level 1: three nodes run again, whatever the length.
/// The offsets come from the list's placement through ``place(_:animationChanged:)``
/// (``ListRowPlacer``); a node that holds a row whose move is animated adds the row's animated
/// displacement, and reads the time while it runs.
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
    struct Layout {
        var offsets: [[[Point]]]
        var places: [Point]
    }

    /// The layout of rows whose frames in the list are `frames`, in a list at `origin` that is a
    /// stack along `axis` whose children are `spacing` apart (`nil` when the list is not a stack).
    ///
    /// The tree places the rows along a stack's axis only: a row's place across it, relative to
    /// the list's origin, is the row's own (``ListRowPlacer/localFrame(_:origin:axis:)``), and a
    /// list that is not a stack leaves both to its rows. Along the axis, a row's place is summed
    /// within the nodes: from the start of its node of level 0, that node's from the start of its
    /// node of level 1, and so on; the list's own node adds the list's origin. The stack's own
    /// placement sums all the rows before it, so when one row's length changes every later place
    /// changes in its last bits, and relative offsets taken from those places would change with
    /// them; summed within the nodes, the offsets of a node change only when a row in it does.
    static func layout(of frames: [Rect], origin: Point, stackAxis axis: Axis?, spacing: Double) -> Layout {
        let count = frames.count
        let fanOut = fanOut(for: count)
        let chunks = nodeCount(combining: count, fanOut: fanOut)
        let groups = nodeCount(combining: chunks, fanOut: fanOut)
        func point(along length: Double) -> Point {
            axis == .horizontal ? Point(x: length, y: 0) : axis == .vertical ? Point(x: 0, y: length) : .zero
        }
        // A node's offsets, along the axis the sums of the lengths of the children before, and
        // its own length.
        func offsets(_ range: Range<Int>, length: (Int) -> Double) -> (points: [Point], length: Double) {
            var points: [Point] = []
            points.reserveCapacity(range.count)
            var sum = 0.0
            for child in range {
                points.append(point(along: sum))
                sum += length(child)
            }
            return (points, sum)
        }
        let step = { (row: Int) -> Double in
            axis == nil ? 0 : (axis == .horizontal ? frames[row].width : frames[row].height) + spacing
        }
        let level0 = (0 ..< chunks).map { offsets(children(of: $0, among: count, fanOut: fanOut), length: step) }
        let level1 = (0 ..< groups).map { offsets(children(of: $0, among: chunks, fanOut: fanOut), length: { level0[$0].length }) }
        let groupPlaces = offsets(0 ..< groups, length: { level1[$0].length }).points
        var places: [Point] = []
        places.reserveCapacity(count)
        for row in 0 ..< count {
            let chunk = row / fanOut, group = chunk / fanOut
            let top = groupPlaces[group], middle = level1[group].points[chunk % fanOut], bottom = level0[chunk].points[row % fanOut]
            let along = top + middle + bottom
            places.append(axis == .horizontal ? Point(x: origin.x + along.x, y: 0) : axis == .vertical ? Point(x: 0, y: origin.y + along.y) : .zero)
        }
        let root = groupPlaces.map { origin + $0 }
        return Layout(offsets: [level0.map(\.points), level1.map(\.points), [root]], places: places)
    }

    /// Gives every node the offsets of its children in `layout` (an input written only when its
    /// value changes); `animationChanged` says of each row whether a move animation of it began
    /// or ended.
    func place(_ layout: Layout, animationChanged: [Bool]) {
        let fanOut = Self.fanOut(for: animationChanged.count)
        for level in 0 ..< 3 {
            let nodes = layout.offsets[level]
            placed[level].removeSubrange(min(nodes.count, placed[level].count)...)
            for (position, points) in nodes.enumerated() {
                var value = Offsets(points: points, animationChanges: position < placed[level].count ? placed[level][position].animationChanges : 0)
                if level == 0 && animationChanged[Self.children(of: position, among: animationChanged.count, fanOut: fanOut)].contains(true) {
                    animationChanges += 1
                    value.animationChanges = animationChanges
                }
                if position < placed[level].count { placed[level][position] = value } else { placed[level].append(value) }
                if level == 2 {
                    rootOffsets?.value = value
                } else if position < levels[level].count {
                    levels[level][position].offsets.value = value
                }
            }
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
        return current.offsets[level][position]
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
