import Constraints

/// How a list (a container of a `ForEach`) places its rows: each row draws in its own coordinates,
/// and the list's ``DisplayListTree`` moves the rows' display lists to their places, so that a row
/// whose place changes but whose size does not is not evaluated at all.
///
/// Why: when one row's height changes, every later row moves. A row laid out in the list's
/// coordinates would have its frame, and the display list of every view in it, evaluated again
/// for each row that moved, so a relabel in a list of `n` rows evaluated about `9n` nodes. Placed
/// here, the rows' frames are read by one effect per list, which sends on only what changed:
/// - a row's size, to the row (its geometry node reads its size version, ``ElementPlacement``);
/// - the rows' places, to the tree, as offsets relative to the node that holds them, so that
///   the tree nodes whose offsets change are the few on the path from the changed row to the root
///   (``DisplayListTree/place(_:began:)``), summed within the tree so that they do not change
///   in their last bits when an earlier row's length does
///   (``DisplayListTree/layout(of:stackAxis:spacing:)``).
///
/// A row's move is animated as its frame was: the effect decides once per change which animation
/// applies, as a row's frame node did, and a row that moves under one gets an ``Animator`` for its
/// origin; while it runs, the tree node that holds the row reads the animated origin (and the
/// time) instead of its place.
///
/// The effect is made by the list's display-list node on its first run, in the list's subgraph,
/// so that it goes with the list; the host flushes effects before it reads the root display list
/// (``ViewHost``, ``UpdateOrder``).
final class ListPlacement: @unchecked Sendable {
    private unowned let graph: Graph
    private let context: ViewGraphContext
    private let owner: Subgraph?
    private let placement: PlacementSource
    private let layout: Rule<LayoutComputer>
    private let scope: AnimationScope?
    private let tree: DisplayListTree
    /// Keeps the effect; the graph cancels it with the list's subgraph.
    private var effect: Effect?
    /// The generation of the animation trigger at the last placement.
    private var seenGeneration = 0

    init(context: ViewGraphContext, placement: PlacementSource, layout: Rule<LayoutComputer>, scope: AnimationScope?, tree: DisplayListTree) {
        graph = context.graph
        self.context = context
        self.placement = placement
        self.layout = layout
        self.scope = scope
        self.tree = tree
        owner = graph.currentSubgraph
        tree.currentLayout = { [unowned self] in self.layoutIfNotPlaced() }
    }

    /// Makes the effect (which runs once now) if it does not exist yet.
    func start() {
        guard effect == nil else { return }
        effect = graph.withCurrentSubgraph(owner) {
            graph.effect(name: "ListPlacement") { [unowned self] in self.place() }
        }
    }

    /// Reads the list's placement and sends on what changed. A row that moved moves with the
    /// animation that applies to this change, decided once for the list as each row's frame
    /// decided it: the `.animation(_:value:)` above if its value changed since the last placement
    /// (the trigger is read, so that every change of it is seen), else the transaction's.
    private func place() {
        guard let placement = placement.placement?.value else { return }
        let trigger = scope?.trigger.value
        let scoped = trigger.flatMap { $0.generation != seenGeneration ? $0.animation : nil }
        seenGeneration = trigger?.generation ?? 0
        let animation = scoped ?? context.transactionAnimation
        let stack = stackAxisAndSpacing()
        graph.withoutRecordingReads {
            let elements = placement.elements
            let frames = Self.frames(of: placement)
            let layout = DisplayListTree.layout(of: frames, stackAxis: stack.axis, spacing: stack.spacing)
            var began: [Bool] = []
            began.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                began.append(element.placement.place(Rect(origin: layout.origins[index], size: frames[index].size), animation: animation))
            }
            tree.place(layout, began: began)
        }
    }

    /// The layout of the rows as the list's placement gives it now, if the effect has not placed
    /// them since it changed (their display list is read without a flush, as
    /// ``ViewHost/rootDisplayList`` may be): the tree's nodes use it instead of their offsets,
    /// which the effect sends at the next flush. `nil` when the tree's offsets are up to date.
    /// Reads are not recorded.
    func layoutIfNotPlaced() -> DisplayListTree.Layout? {
        guard let effect, effect.state.contains(.dirty) else { return nil }
        return graph.withoutRecordingReads {
            guard let placement = placement.placement?.value else { return nil }
            let stack = stackAxisAndSpacing()
            return DisplayListTree.layout(of: Self.frames(of: placement), stackAxis: stack.axis, spacing: stack.spacing)
        }
    }

    /// The list's axis and spacing when it is a stack.
    private func stackAxisAndSpacing() -> (axis: Axis?, spacing: Double) {
        switch layout.value {
        case .stack(let axis, let spacing, _, _): return (axis, spacing)
        case .list(let list): return (list.axis, list.spacing)
        default: return (nil, 0)
        }
    }

    /// The frame of each element of `placement` (`.zero` past the frames given).
    private static func frames(of placement: Placement) -> [Rect] {
        placement.elements.indices.map { $0 < placement.frames.count ? placement.frames[$0] : .zero }
    }
}

/// The place of one element of a container, as its list sends it (``ListPlacement``): the origin
/// the list draws it at, animated as the element's frame is, and a version of its size that the
/// element's geometry reads.
///
/// Elements of containers that are not lists keep their frames in their container's coordinates
/// and never use this.
final class ElementPlacement: @unchecked Sendable {
    private let context: ViewGraphContext
    private let scope: AnimationScope?
    /// The subgraph the element was made in, where the size version goes.
    private let subgraph: Subgraph?
    /// Bumped when the element's size changes; made by the element's geometry on its first run.
    private var sizeVersion: Input<Int>?
    private var lastSize: Size?
    /// Whether the list placed the element before.
    private var isPlaced = false
    /// The animation of the element's origin, made for its first animated move.
    private var origin: Animator<Point>?
    /// The latest origin the list gave.
    private(set) var targetOrigin = Point.zero

    init(context: ViewGraphContext, scope: AnimationScope?, subgraph: Subgraph?) {
        self.context = context
        self.scope = scope
        self.subgraph = subgraph
    }

    /// Records an edge from the running node (the element's geometry) to the element's size
    /// version.
    func readSizeVersion(in graph: Graph) {
        if sizeVersion == nil {
            sizeVersion = graph.withCurrentSubgraph(subgraph) { graph.input(0, name: "ElementPlacement.size") }
        }
        _ = sizeVersion!.value
    }

    /// Takes the element's new frame in the list, moving it with `animation` if it moved (inside
    /// ``ListPlacement``'s effect, reads not recorded). The first frame is taken as is. Returns
    /// whether a move animation began.
    func place(_ frame: Rect, animation: Animation?) -> Bool {
        if let last = lastSize, last != frame.size, let version = sizeVersion { version.value += 1 }
        lastSize = frame.size
        guard isPlaced else {
            isPlaced = true
            targetOrigin = frame.origin
            return false
        }
        guard frame.origin != targetOrigin else { return false }
        let from = targetOrigin
        targetOrigin = frame.origin
        if origin == nil {
            guard let animation, animation.duration > 0 else { return false }
            origin = Animator<Point>(context: context, scope: scope, initial: from)
        }
        let starts = origin!.starts
        origin!.retarget(frame.origin, animation: animation)
        return origin!.starts != starts
    }

    /// Whether the element's origin is animating towards ``targetOrigin``.
    var isMoving: Bool { origin?.isAnimating ?? false }

    /// The animated origin now (read by the tree node that holds the element: it reads the time
    /// while the animation runs).
    func presentedOrigin() -> Point {
        origin?.current() ?? targetOrigin
    }
}
