import Constraints

/// The effect that places the rows of a list (a container of a `ForEach`): each row draws in its
/// own coordinates, and the list's ``DisplayListTree`` moves the rows' display lists to their
/// places, so that a row whose place changes but whose size does not is not evaluated at all.
///
/// Why: when one row's height changes, every later row moves. A row laid out in the list's
/// coordinates would have its frame, and the display list of every view in it, evaluated again
/// for each row that moved: a relabel in a list of `n` rows would evaluate about `9n` nodes. Placed
/// here, the rows' frames are read by one effect per list, which sends on only what changed:
/// - a row's frame in the list's coordinates, less its place along the list's axis
///   (``localFrame(_:origin:axis:)``), to the row, when it changed: its geometry node reads a
///   version of it (``ElementFrame``);
/// - the rows' places along the axis, to the tree, as offsets relative to the node that holds
///   them, so that the tree nodes whose offsets change are the few on the path from the changed
///   row to the root (``DisplayListTree/place(_:animationChanged:)``), summed within the tree so
///   that they do not change in their last bits when an earlier row's length does
///   (``DisplayListTree/Layout``). The list's own place is added by the list's own node only, so
///   a list that moves (an animated frame) moves no row.
///
/// A row's move along the list is animated as its frame was: the effect decides once per change
/// which animation applies (the transaction's, or that of an `.animation(_:value:)` above whose
/// value changed in the same update), and a row that moves under one gets an ``Animator`` for its
/// place; while it runs, the tree node that holds the row adds the animated displacement (and
/// reads the time). Across the axis, and in size, the row's frame animates in the row's own
/// ``ElementFrame``.
///
/// The effect is made by the list's display-list node on its first run, in the list's subgraph,
/// so that it goes with the list; the host flushes effects before it reads the root display list
/// (``ViewHost``, ``SlicedUpdateOrder``).
final class ListRowPlacer: @unchecked Sendable {
    private unowned let graph: Graph
    private let context: ViewGraphContext
    private let owner: Subgraph?
    private let container: ParentContainer
    private let scope: AnimationScope?
    private let tree: DisplayListTree
    /// Keeps the effect; the graph cancels it with the list's subgraph.
    private var effect: Effect?
    /// The rows at the last placement, and their frames in their own coordinates, by position: a
    /// row whose frame did not change and that no animation moves is not visited. Their places
    /// along the list are those of the tree's layout (``DisplayListTree/layout``).
    private var lastElements: [ViewElement] = []
    private var lastFrames: [Rect] = []
    /// The list's placement at the last placement.
    private var lastPlacement: ContainerPlacement?
    /// The rows that have a move animation (running or finished): they are told every move.
    private var animated: Set<ObjectIdentifier> = []

    init(context: ViewGraphContext, container: ParentContainer, scope: AnimationScope?, tree: DisplayListTree) {
        graph = context.graph
        self.context = context
        self.container = container
        self.scope = scope
        self.tree = tree
        owner = graph.currentSubgraph
        tree.currentLayout = { [unowned self] in self.layoutIfNotPlaced() }
    }

    /// Makes the effect (which runs once now) if it does not exist yet.
    func start() {
        guard effect == nil else { return }
        effect = graph.withCurrentSubgraph(owner) {
            graph.effect(name: "ListRowPlacer") { [unowned self] in self.place() }
        }
    }

    /// Reads the list's placement and sends on what changed: to each row its frame in its own
    /// coordinates and its place along the list, moved with the animation that applies to the
    /// update (read without an edge: a change of the trigger alone moves nothing).
    private func place() {
        guard let placement = container.placement?.value else { return }
        graph.withoutRecordingReads {
            let animation = scope?.trigger.value.animation(inUpdate: context.update) ?? context.transactionAnimation
            let list = container.list()
            if animation == nil, animated.isEmpty, placeChangedRows(of: placement, in: list) { return }
            let layout = Self.layout(of: placement, in: list)
            let elements = placement.elements
            var animationChanged = [Bool](repeating: false, count: elements.count)
            var locals: [Rect] = []
            locals.reserveCapacity(elements.count)
            // Where each row was: by position when the rows are the same, else by identity.
            let samePositions = elements == lastElements
            var lastPosition: [ObjectIdentifier: Int] = [:]
            if !samePositions {
                lastPosition.reserveCapacity(lastElements.count)
                for index in lastElements.indices { lastPosition[ObjectIdentifier(lastElements[index].frame)] = index }
                animated.formIntersection(elements.indices.lazy.map { ObjectIdentifier(elements[$0].frame) })
            }
            let lastLayout = tree.layout
            // By index: a copy of each element would retain every node handle it holds.
            placement.forEachFrame { index, frame in
                let local = Self.localFrame(frame, origin: list.origin, axis: list.axis)
                locals.append(local)
                let place = layout.place(ofRow: index)
                let row = elements[index].frame, id = ObjectIdentifier(row)
                let last = samePositions ? index : lastPosition[id]
                let lastPlace = last.flatMap { lastLayout?.place(ofRow: $0) }
                if let last, lastFrames[last] == local, lastPlace == place || (animation == nil && !animated.contains(id)) {
                    return
                }
                animationChanged[index] = row.place(at: place, from: lastPlace, frameChanged: last.map { lastFrames[$0] != local } ?? false, animation: animation)
                if row.hasMoveAnimation { animated.insert(id) }
            }
            lastElements = elements
            lastFrames = locals
            lastPlacement = placement
            tree.place(layout, animationChanged: animationChanged)
        }
    }

    /// Places only the rows whose size changed since the last placement, when nothing else can
    /// have changed: the same rows, placed alike across the list's axis
    /// (``ContainerPlacement/changedRows(since:)``), with no animation to apply or running (so a
    /// row that only moves, because an earlier one grew or the list moved, needs nothing but the
    /// tree's offsets). Each changed row is told its new frame, and the tree recomputes the
    /// offsets of the nodes that hold it (``DisplayListTree/update(origin:_:)``). Returns whether
    /// it placed them.
    private func placeChangedRows(of placement: ContainerPlacement, in list: (origin: Point, axis: Axis?, spacing: Double)) -> Bool {
        guard let lastPlacement, let lastLayout = tree.layout, lastLayout.count == lastFrames.count,
              lastLayout.axis == list.axis,
              placement.elements == lastElements, let changed = placement.changedRows(since: lastPlacement) else { return false }
        var steps: [(row: Int, step: Double)] = []
        var moved: [(row: Int, local: Rect, from: Point)] = []
        for index in changed {
            let frame = placement.frame(at: index)
            steps.append((index, DisplayListTree.step(of: frame, axis: list.axis, spacing: list.spacing)))
            let local = Self.localFrame(frame, origin: list.origin, axis: list.axis)
            if local != lastFrames[index] { moved.append((index, local, lastLayout.place(ofRow: index))) }
        }
        tree.update(origin: list.origin, steps)
        let layout = tree.layout!
        for (index, local, from) in moved {
            _ = lastElements[index].frame.place(at: layout.place(ofRow: index), from: from, frameChanged: true, animation: nil)
            lastFrames[index] = local
        }
        self.lastPlacement = placement
        return true
    }

    /// The layout of the rows as the list's placement gives it now, if the effect has not placed
    /// them since it changed (their display list is read without a flush, as
    /// ``ViewHost/rootDisplayList`` may be): the tree's nodes use it instead of their offsets,
    /// which the effect sends at the next flush. `nil` when the tree's offsets are up to date.
    /// Reads are not recorded.
    func layoutIfNotPlaced() -> DisplayListTree.Layout? {
        guard let effect, effect.state.contains(.dirty) else { return nil }
        return graph.withoutRecordingReads {
            guard let placement = container.placement?.value else { return nil }
            return Self.layout(of: placement, in: container.list())
        }
    }

    /// The tree's layout of the rows of `placement`, in `list`.
    private static func layout(of placement: ContainerPlacement, in list: (origin: Point, axis: Axis?, spacing: Double)) -> DisplayListTree.Layout {
        precondition(placement.frameCount == placement.elements.count, "a frame per element")
        var steps: [Double] = []
        steps.reserveCapacity(placement.frameCount)
        placement.forEachFrame { _, frame in steps.append(DisplayListTree.step(of: frame, axis: list.axis, spacing: list.spacing)) }
        return DisplayListTree.Layout(steps: steps, origin: list.origin, axis: list.axis)
    }

    /// A row's frame as the row draws it: in the list at `origin`, less its place along the list's
    /// `axis`, which the list gives it (both coordinates relative to the list when the list is not
    /// a stack, `axis` `nil`).
    static func localFrame(_ frame: Rect, origin: Point, axis: Axis?) -> Rect {
        Rect(x: axis == .horizontal ? 0 : frame.minX - origin.x, y: axis == .vertical ? 0 : frame.minY - origin.y,
             width: frame.width, height: frame.height)
    }
}
