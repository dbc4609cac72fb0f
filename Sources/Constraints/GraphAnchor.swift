import Foundation

/// What effect handles hold of their graph: the graph while it exists, `nil` once it is gone.
///
/// One per graph, taken from a pool when the graph is made and given back when it goes, and never
/// freed: an ``Effect`` handle holds its anchor unretained, so that making, copying and dropping
/// handles costs no reference counting (a retained anchor cost a retain and a release per handle,
/// and an array of handles a release per element when it went), and so a handle must be able to
/// read its anchor for as long as it exists. The memory kept is one small object per graph alive
/// at once in the process, as ``BlockPool`` keeps node blocks.
///
/// A reused anchor serves a later graph. The handles of the earlier one must not find their effect
/// in it: ``nextEffectSequence`` stays with the anchor and only moves on, so no effect of a later
/// graph has a creation number that an earlier graph's handle holds
/// (``Graph/isLiveEffect(_:sequence:)`` compares it, and checks the node id is in the table).
final class GraphAnchor: @unchecked Sendable {
    /// The graph the anchor serves, until it goes. Not retained: the graph clears it in its
    /// `deinit`.
    var graph: Unmanaged<Graph>?
    /// The creation number of the next effect made in a graph with this anchor: taken by the graph
    /// when it is made (``Graph/nextEffectSequence``) and put back when it goes.
    var nextEffectSequence = 0

    /// Guards ``free``. A pthread mutex (`NSLock`), as ``BlockPool`` uses, which ThreadSanitizer
    /// sees.
    private static let lock = NSLock()
    /// Anchors whose graphs are gone, to reuse; they and every anchor in use are never freed.
    nonisolated(unsafe) private static var free: [GraphAnchor] = []
    /// Every anchor ever made, held so that none is freed while a handle may read it.
    nonisolated(unsafe) private static var all: [GraphAnchor] = []

    private init() {}

    /// An anchor for a graph being made, reused or new; the graph sets ``graph`` once it is
    /// initialized.
    static func take() -> GraphAnchor {
        lock.withLock {
            if let reused = free.popLast() { return reused }
            let made = GraphAnchor()
            all.append(made)
            return made
        }
    }

    /// Lets a graph that is going give its anchor back, with the creation number its next effect
    /// would have had; handles of its effects then find no graph.
    static func give(_ anchor: GraphAnchor, nextEffectSequence: Int) {
        anchor.graph = nil
        anchor.nextEffectSequence = nextEffectSequence
        lock.withLock { free.append(anchor) }
    }
}
