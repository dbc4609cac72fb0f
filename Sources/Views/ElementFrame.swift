import Constraints

/// The frame of one element of a container, as its geometry node computes it: the element's frame
/// in the container's placement (in a list, in the element's own coordinates), animated when an
/// animation applies.
///
/// The geometry node's closure holds this object alone, and so needs no context of its own; the
/// frame's ``Animator`` is made only once an animation could apply. Views-bench's rows have four
/// elements each, which made an animator, a closure context and a box for the position hint each
/// (`build-per-row.sh`).
final class ElementFrame: @unchecked Sendable {
    private let id: ElementID
    /// The container's placement and, for a list, its layout.
    private let source: PlacementSource
    /// The element's list bookkeeping, whose frame version the geometry reads in a list.
    private let placement: ElementPlacement
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    private let context: ViewGraphContext
    private let scope: AnimationScope?
    /// Where the element's frame was last found in the container's placement.
    private var position: Int
    /// The frame's animator, once an animation could apply: under an `.animation(_:value:)`, from
    /// the start; otherwise from the first frame computed in an animated transaction.
    private var animator: Animator<Rect>?
    /// The last frame computed, while there is no animator.
    private var last: Rect?

    init(id: ElementID, source: PlacementSource, placement: ElementPlacement, graph: Graph, context: ViewGraphContext, scope: AnimationScope?) {
        self.id = id
        self.source = source
        self.placement = placement
        self.graph = graph
        self.context = context
        self.scope = scope
        position = source.nextElementPosition()
        if scope != nil { animator = Animator(context: context, scope: scope) }
    }

    /// The element's frame now (read inside the geometry node: records its dependencies).
    func current() -> Rect {
        guard source.placesElementsLocally else { return present(placedFrame()) }
        // In a list: the element's frame in its own coordinates; the list places it, and tells it
        // when that frame changed.
        placement.readFrameVersion(in: graph)
        let local = graph.withoutRecordingReads { () -> Rect in
            let list = source.list()
            return ListPlacement.localFrame(placedFrame(), origin: list.origin, axis: list.axis)
        }
        return present(local)
    }

    /// The element's frame in the container's placement (`.zero` while it has none), looked for
    /// where it was found last.
    private func placedFrame() -> Rect {
        source.placement?.value.frame(of: id, near: &position) ?? .zero
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
}
