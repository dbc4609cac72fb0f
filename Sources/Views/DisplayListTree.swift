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
/// The rows draw in their own coordinates, and every node places its children: a node of level 0
/// at the rows' origins less the origin of its first row, a node of level 1 at its children's
/// origins less that of its first child, the list's own node at the origins of its children
/// (along a stack's axis, sums of the lengths before within the node: ``layout(of:stackAxis:spacing:)``). So
/// when a row's height changes, the offsets that change are those of the later rows in its node
/// of level 0, of the later nodes of level 0 in its node of level 1, and of the later nodes of
/// level 1: three nodes run again, whatever the length. The offsets come from the list's placement
/// through ``place(_:began:)`` (``ListPlacement``); a node that holds a row whose move is
/// animated adds the row's animated displacement, and reads the time while it runs.
///
/// Nodes are made on first use, in the list's subgraph, and live as long as it does (those past
/// the end of a list that shrank too, unused: at most as many as its longest length made).
final class DisplayListTree: @unchecked Sendable {
    /// The offsets at which a node places its children, and a count that changes when a move
    /// animation of one of its rows begins (so that the node runs and starts reading the time).
    struct Offsets: Equatable {
        var points: [Point] = []
        var animationStarts = 0
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
    /// How many move animations have begun, for ``Offsets/animationStarts``.
    private var animationStarts = 0
    /// The rows' layout as the list's placement gives it now, when the offsets sent last are out
    /// of date (``ListPlacement/layoutIfNotPlaced()``).
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
    /// and 2 (the list's own node), and each row's origin in the list's coordinates (the sum of
    /// its offsets on the way down, as drawing adds them).
    struct Layout {
        var offsets: [[[Point]]]
        var origins: [Point]
    }

    /// The layout of rows whose frames in the list are `frames`, in a stack along `axis` whose
    /// children are `spacing` apart (`nil` when the list is not a stack: the rows' frames are
    /// where they are).
    ///
    /// In a stack, a row's place along the axis is summed within the nodes: from the start of
    /// its node of level 0, that node's from the start of its node of level 1, and so on. The
    /// stack's own placement sums all the rows before it, so when one row's length changes every
    /// later place changes in its last bits and relative offsets taken from those places would
    /// change with them; summed within the nodes, the offsets of a node change only when a row
    /// in it does. Across the axis, places do not depend on other rows and are taken as they are.
    static func layout(of frames: [Rect], stackAxis axis: Axis?, spacing: Double) -> Layout {
        let count = frames.count
        let fanOut = fanOut(for: count)
        let chunks = nodeCount(combining: count, fanOut: fanOut)
        let groups = nodeCount(combining: chunks, fanOut: fanOut)
        // A node's offsets: along the axis the sum of the lengths of the children before, across
        // it (or on both axes, outside a stack) the child's place less the first child's.
        func offsets(_ range: Range<Int>, first: (Int) -> Point, length: (Int) -> Double) -> (points: [Point], length: Double) {
            guard !range.isEmpty else { return ([], 0) }
            var points: [Point] = []
            points.reserveCapacity(range.count)
            var sum = 0.0
            let start = first(range.lowerBound)
            for child in range {
                var point = first(child) - start
                if let axis {
                    if axis == .vertical { point.y = sum } else { point.x = sum }
                    sum += length(child)
                }
                points.append(point)
            }
            return (points, sum)
        }
        let step = { (row: Int) -> Double in (axis == .horizontal ? frames[row].width : frames[row].height) + spacing }
        let level0 = (0 ..< chunks).map { offsets(children(of: $0, among: count, fanOut: fanOut), first: { frames[$0].origin }, length: step) }
        let level1 = (0 ..< groups).map {
            offsets(children(of: $0, among: chunks, fanOut: fanOut), first: { frames[$0 * fanOut].origin }, length: { level0[$0].length })
        }
        var root = offsets(0 ..< groups, first: { frames[$0 * fanOut * fanOut].origin }, length: { level1[$0].length }).points
        if let first = frames.first {
            root = root.map { Point(x: $0.x + first.origin.x, y: $0.y + first.origin.y) }
        }
        var origins: [Point] = []
        origins.reserveCapacity(count)
        for row in 0 ..< count {
            let chunk = row / fanOut, group = chunk / fanOut
            let top = root[group], middle = level1[group].points[chunk % fanOut], bottom = level0[chunk].points[row % fanOut]
            origins.append(Point(x: top.x + middle.x + bottom.x, y: top.y + middle.y + bottom.y))
        }
        return Layout(offsets: [level0.map(\.points), level1.map(\.points), [root]], origins: origins)
    }

    /// Gives every node the offsets of its children in `layout` (an input written only when its
    /// value changes); `began` says of each row whether a move animation of it began.
    func place(_ layout: Layout, began: [Bool]) {
        let fanOut = Self.fanOut(for: began.count)
        for level in 0 ..< 3 {
            let nodes = layout.offsets[level]
            placed[level].removeSubrange(min(nodes.count, placed[level].count)...)
            for (position, points) in nodes.enumerated() {
                var value = Offsets(points: points, animationStarts: position < placed[level].count ? placed[level][position].animationStarts : 0)
                if level == 0 && began[Self.children(of: position, among: began.count, fanOut: fanOut)].contains(true) {
                    animationStarts += 1
                    value.animationStarts = animationStarts
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

    /// The list's display list (read inside the list's display-list rule, after ``place(_:began:)``).
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
                    for (slot, index) in range.enumerated() {
                        let element = all[index]
                        lists.append(element.outputs.displayList.value)
                        if element.placement.isMoving {
                            let presented = element.placement.presentedOrigin(), target = element.placement.targetOrigin
                            points[slot] = Point(x: points[slot].x + (presented.x - target.x), y: points[slot].y + (presented.y - target.y))
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

extension Point {
    /// The difference of two points.
    static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
}
