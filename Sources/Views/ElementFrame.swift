import Constraints

/// The frame of one element of a container: what the element's geometry node computes, its frame
/// in its container's placement (in a list, in the element's own coordinates), animated when an
/// animation applies; and, in a list, what the list's ``ListRowPlacer`` sends the element: a
/// version of that frame, and its place along the list, animated as its frame is. Also holds the
/// element's ``ElementLayoutWatch``, made when a container of dynamic content first reads the
/// element's layout.
///
/// One object per element, held by the geometry node's closure (so that the closure needs no
/// context of its own) and by the element (``ViewElement/frame``). Its animators are made only
/// once an animation could apply, its watch and frame version only when a container needs them.
final class ElementFrame: @unchecked Sendable {
    private let id: ElementID
    /// The container's placement and, for a list, its layout.
    private let container: ParentContainer
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    private let context: ViewGraphContext
    private let scope: AnimationScope?
    /// The subgraph the element was made in, where its frame version and its watch go.
    private let subgraph: Subgraph?
    /// Where the element's frame was last found in the container's placement.
    private var position: Int
    /// The frame's animator, once an animation could apply: under an `.animation(_:value:)`, from
    /// the start; otherwise from the first frame computed in an animated transaction.
    private var animator: Animator<Rect>?
    /// The last frame computed, while there is no animator.
    private var last: Rect?
    /// In a list: bumped when the element's frame in its own coordinates changes; made by the
    /// element's geometry on its first run.
    private var frameVersion: Input<Int>?
    /// In a list: the animation of the element's place along the list, made for its first
    /// animated move.
    private var move: Animator<Point>?
    /// The element's layout as a container of dynamic content reads it, made on its first read:
    /// an element of any other container never needs one.
    private var layoutWatch: ElementLayoutWatch?

    init(id: ElementID, container: ParentContainer, graph: Graph, context: ViewGraphContext, scope: AnimationScope?) {
        self.id = id
        self.container = container
        self.graph = graph
        self.context = context
        self.scope = scope
        subgraph = graph.currentSubgraph
        position = container.nextElementPosition()
        if scope != nil { animator = Animator(context: context, scope: scope) }
    }

    // MARK: The geometry node

    /// The element's frame now (read inside the geometry node: records its dependencies).
    func current() -> Rect {
        guard container.placesElementsLocally else { return present(placedFrame()) }
        // In a list: the element's frame in its own coordinates; the list places it, and tells it
        // when that frame changed.
        readFrameVersion()
        let local = graph.withoutRecordingReads { () -> Rect in
            let list = container.list()
            return ListRowPlacer.localFrame(placedFrame(), origin: list.origin, axis: list.axis)
        }
        return present(local)
    }

    /// The element's frame in the container's placement (`.zero` while it has none), looked for
    /// where it was found last.
    private func placedFrame() -> Rect {
        container.placement?.value.frame(of: id, near: &position) ?? .zero
    }

    /// `frame` as an animator shows it. Without an animator and outside an animated transaction,
    /// an animator would show `frame` as is, and its state would be `frame` as target and as value
    /// shown: the animator made later starts from that state (`last` as its initial value).
    private func present(_ frame: Rect) -> Rect {
        if animator == nil {
            guard context.transactionAnimation != nil else {
                last = frame
                return frame
            }
            animator = Animator(context: context, scope: scope, initial: last)
        }
        return animator!.present(frame)
    }

    /// Records an edge from the running node (the element's geometry) to the element's frame
    /// version.
    private func readFrameVersion() {
        if frameVersion == nil {
            frameVersion = graph.withCurrentSubgraph(subgraph) { graph.input(0, name: "ElementFrame.version") }
        }
        _ = frameVersion!.value
    }

    // MARK: What a list sends

    /// Takes the element's place along the list, which was `from` (`nil` for an element the list
    /// did not place before), moving it with `animation`, and tells its geometry if its frame in
    /// its own coordinates changed (inside ``ListRowPlacer``'s effect, reads not recorded). Returns
    /// whether a move animation began or ended.
    func place(at place: Point, from: Point?, frameChanged: Bool, animation: Animation?) -> Bool {
        if frameChanged, let frameVersion { frameVersion.value += 1 }
        guard let from, place != from || (move != nil && place != move!.target) else { return false }
        if move == nil {
            guard let animation, animation.duration > 0 else { return false }
            move = Animator<Point>(context: context, scope: scope, initial: from)
        }
        let wasMoving = move!.isAnimating, starts = move!.starts
        move!.retarget(place, animation: animation)
        return move!.starts != starts || wasMoving != move!.isAnimating
    }

    /// Whether the element has a move animation, running or finished (its place is then told to
    /// it on every move).
    var hasMoveAnimation: Bool { move != nil }

    /// Whether the element's move along the list is animating.
    var isMoving: Bool { move?.isAnimating ?? false }

    /// Where the element is drawn now less its place: its animated displacement (read by the tree
    /// node that holds the element, which reads the time while the animation runs).
    func displacement() -> Point {
        guard let move, let target = move.target else { return .zero }
        return move.current() - target
    }

    // MARK: A container of dynamic content

    /// The watch of the element's layout computer `layout` (``ElementLayoutWatch``).
    func layoutWatch(of layout: Rule<LayoutComputer>) -> ElementLayoutWatch {
        if let layoutWatch { return layoutWatch }
        let made = ElementLayoutWatch(layout: layout, subgraph: subgraph)
        layoutWatch = made
        return made
    }
}
