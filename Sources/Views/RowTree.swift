/// The rows of a list as a persistent tree: a sequence value whose one-row replacement copies only
/// the nodes on that row's path and shares every other node with the value it came from, and
/// whose every node keeps a summary of its rows (``RowSummary``: for sizes, their total length and
/// greatest thickness).
///
/// Why: a list's layout is a value that the layout node replaces at every change of a row. Kept
/// in arrays, each new value copied every row's entry and every comparison, sizing or placing
/// visited every row, so a change of one row in a list of `n` cost `n`. Kept here, a replacement
/// costs `O(log n)` nodes of at most ``fanOut`` entries, two values that share nodes compare
/// only the nodes they do not share (``changes(from:)``), and the total of the rows' lengths, or
/// the sum before any row (``prefix(before:)``), is read from the summaries.
///
/// Shape: rows `i` of the tree are in leaf `i / fanOut`, at slot `i % fanOut`; every node but the
/// last of its level is full, so a row's path is its index written in base ``fanOut``. The shape
/// depends on the count alone: a tree with another count is made anew.
struct RowTree<Row, Summary: RowSummary> where Summary.Row == Row {
    /// Children per node.
    static var fanOut: Int { 32 }

    /// A node: the rows of a leaf, or the children of an inner node, and their summary. Immutable,
    /// so shared by every tree made from the one that made it, on any thread.
    final class Node: @unchecked Sendable {
        let rows: [Row]
        let children: [Node]
        let summary: Summary

        init(rows: [Row]) {
            self.rows = rows
            children = []
            summary = Summary(rows: rows)
        }

        init(children: [Node]) {
            rows = []
            self.children = children
            summary = Summary(combining: children.lazy.map(\.summary))
        }
    }

    /// The number of rows.
    let count: Int
    /// The root; its height (0 for a leaf) is ``height``.
    private let root: Node
    private let height: Int

    /// A tree of `rows`, in order.
    init(_ rows: some Sequence<Row>) {
        let fanOut = Self.fanOut
        var level: [Node] = []
        var leaf: [Row] = []
        leaf.reserveCapacity(fanOut)
        var count = 0
        for row in rows {
            leaf.append(row)
            count += 1
            if leaf.count == fanOut {
                level.append(Node(rows: leaf))
                leaf.removeAll(keepingCapacity: true)
            }
        }
        if !leaf.isEmpty || level.isEmpty { level.append(Node(rows: leaf)) }
        var height = 0
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: fanOut).map { Node(children: Array(level[$0 ..< min(level.count, $0 + fanOut)])) }
            height += 1
        }
        self.count = count
        root = level[0]
        self.height = height
    }

    /// The summary of every row.
    var summary: Summary { root.summary }

    /// How many rows a child of a node of `height` covers.
    private static func span(_ height: Int) -> Int {
        var span = 1
        for _ in 0 ..< height { span *= fanOut }
        return span
    }

    /// The row at `index`; setting it copies the nodes on its path.
    subscript(index: Int) -> Row {
        get {
            precondition(index >= 0 && index < count, "RowTree: row \(index) of \(count)")
            var node = root, span = Self.span(height)
            for _ in 0 ..< height {
                node = node.children[(index / span) % Self.fanOut]
                span /= Self.fanOut
            }
            return node.rows[index % Self.fanOut]
        }
        set {
            precondition(index >= 0 && index < count, "RowTree: row \(index) of \(count)")
            func replaced(_ node: Node, height: Int, span: Int) -> Node {
                if height == 0 {
                    var rows = node.rows
                    rows[index % Self.fanOut] = newValue
                    return Node(rows: rows)
                }
                var children = node.children
                let slot = (index / span) % Self.fanOut
                children[slot] = replaced(children[slot], height: height - 1, span: span / Self.fanOut)
                return Node(children: children)
            }
            self = RowTree(count: count, root: replaced(root, height: height, span: Self.span(height)), height: height)
        }
    }

    private init(count: Int, root: Node, height: Int) {
        self.count = count
        self.root = root
        self.height = height
    }

    /// Calls `body` with each row's index and the row, in order.
    func forEach(_ body: (Int, Row) -> Void) {
        var index = 0
        func visit(_ node: Node) {
            if node.children.isEmpty {
                for row in node.rows { body(index, row); index += 1 }
            } else {
                for child in node.children { visit(child) }
            }
        }
        visit(root)
    }

    /// The rows, in order.
    var rows: [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(count)
        forEach { rows.append($1) }
        return rows
    }

    /// The indices of the rows that differ from `other`'s (of the same count) by `differ`, in
    /// order: nodes the two trees share are not visited, so two trees that differ by `k`
    /// replacements cost `O(k log n)` nodes.
    func changes(from other: RowTree, differ: (Row, Row) -> Bool) -> [Int] {
        precondition(other.count == count && other.height == height, "RowTree: changes between trees of \(other.count) and \(count) rows")
        var changed: [Int] = []
        // `span`: how many rows each child of `node` covers.
        func visit(_ node: Node, _ old: Node, first: Int, span: Int) {
            if node === old { return }
            if node.children.isEmpty {
                for slot in node.rows.indices where differ(node.rows[slot], old.rows[slot]) { changed.append(first + slot) }
            } else {
                for slot in node.children.indices {
                    visit(node.children[slot], old.children[slot], first: first + slot * span, span: span / Self.fanOut)
                }
            }
        }
        visit(root, other.root, first: 0, span: Self.span(height))
        return changed
    }

    /// Whether the two trees have the same count and no row that differs by `differ`; shared
    /// nodes are not visited.
    func isSame(as other: RowTree, differ: (Row, Row) -> Bool) -> Bool {
        guard other.count == count, other.height == height else { return false }
        func same(_ node: Node, _ old: Node) -> Bool {
            if node === old { return true }
            if node.children.isEmpty {
                return !zip(node.rows, old.rows).contains { differ($0, $1) }
            }
            return zip(node.children, old.children).allSatisfy { same($0, $1) }
        }
        return same(root, other.root)
    }

    /// The summary of the rows before `index`, summed from the root down: the summary of the
    /// children before the row's path in each node it crosses (``RowSummary/init(combining:)``),
    /// accumulated with ``RowSummary/appending(_:)``. ``forEachPrefix(_:)`` gives the same
    /// values, computed in the same order.
    func prefix(before index: Int) -> Summary {
        precondition(index >= 0 && index <= count, "RowTree: prefix before \(index) of \(count)")
        var accumulated = Summary()
        guard index < count else { return accumulated.appending(root.summary) }
        var node = root, span = Self.span(height)
        for _ in 0 ..< height {
            let slot = (index / span) % Self.fanOut
            accumulated = accumulated.appending(Summary(combining: node.children[..<slot].lazy.map(\.summary)))
            node = node.children[slot]
            span /= Self.fanOut
        }
        return accumulated.appending(Summary(rows: node.rows[..<(index % Self.fanOut)]))
    }

    /// Calls `body` with each row's index, the row and ``prefix(before:)`` of it, in order, each
    /// prefix computed as ``prefix(before:)`` computes it: the summary of the rows or children
    /// before one in its node is carried from one to the next (``RowSummary/appending(_:)``
    /// extends a summary as ``RowSummary/init(rows:)`` and ``RowSummary/init(combining:)`` sum).
    func forEachPrefix(_ body: (Int, Row, Summary) -> Void) {
        var index = 0
        func visit(_ node: Node, base: Summary) {
            var before = Summary()
            if node.children.isEmpty {
                for row in node.rows {
                    body(index, row, base.appending(before))
                    before = before.appending(Summary(row: row))
                    index += 1
                }
            } else {
                for child in node.children {
                    visit(child, base: base.appending(before))
                    before = before.appending(child.summary)
                }
            }
        }
        visit(root, base: Summary())
    }
}

extension RowTree: Sendable where Row: Sendable, Summary: Sendable {}

/// What a ``RowTree`` keeps of every node's rows: a summary that extends, row by row or node by
/// node (``appending(_:)``), from the summary of no row; a node's summary is its rows' or
/// children's extended in order from that, as a prefix is (``RowTree/prefix(before:)``).
protocol RowSummary {
    associatedtype Row
    /// The summary of no row.
    init()
    /// The summary of one row.
    init(row: Row)
    /// The summary of rows followed by those of `next`.
    func appending(_ next: Self) -> Self
}

extension RowSummary {
    /// The summary of `rows`, in order.
    init(rows: some Collection<Row>) {
        self = rows.reduce(Self()) { $0.appending(Self(row: $1)) }
    }

    /// The summary of consecutive nodes whose summaries are `summaries`, in order.
    init(combining summaries: some Collection<Self>) {
        self = summaries.reduce(Self()) { $0.appending($1) }
    }
}

/// No summary: a ``RowTree`` used as a persistent array.
struct NoRowSummary<Row>: RowSummary, Sendable {
    init() {}
    init(row: Row) {}
    func appending(_ next: NoRowSummary) -> NoRowSummary { self }
}

/// A row's size in a stack: its length along the stack's axis and its thickness across it.
struct RowExtent: Equatable, Sendable {
    var length: Double
    var thickness: Double
}

/// The summary of rows' extents in a stack: the sum of their lengths (summed in order, from 0)
/// and the greatest thickness (the first of equal ones; `nil` for no row), as a stack sizes
/// itself (``StackLayout/size(for:)``).
struct RowExtentSummary: RowSummary, Equatable, Sendable {
    var length = 0.0
    var thickness: Double?

    init() {}

    init(row: RowExtent) {
        length = row.length
        thickness = row.thickness
    }

    func appending(_ next: RowExtentSummary) -> RowExtentSummary {
        var result = self
        result.length += next.length
        if let other = next.thickness, result.thickness.map({ $0 < other }) ?? true { result.thickness = other }
        return result
    }
}
