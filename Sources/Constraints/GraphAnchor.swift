import Foundation
import Synchronization

/// What effect handles hold of their graph: the graph while it exists, `nil` once it is gone.
///
/// One per graph, taken from a pool when the graph is made and given back when it goes, and never
/// freed: an ``Effect`` handle holds its anchor unretained, so that making, copying and dropping
/// handles costs no reference counting (a retained anchor cost a retain and a release per handle,
/// and an array of handles a release per element when it went), and so a handle must be able to
/// read its anchor for as long as it exists. Every anchor is held by its graph or, from the start
/// of the graph's `deinit`, by the pool, so none is ever freed; the memory kept is one small object
/// for each graph of the most alive at once in the process, as ``BlockPool`` keeps node blocks.
///
/// A reused anchor serves a later graph, which the handles of an earlier one must not touch: that
/// graph may be in use on another thread, under a lock those handles' owner does not hold. Effect
/// creation numbers go on from one graph of an anchor to the next, and ``firstSequence`` holds the
/// first number of the anchor's current graph (or of its next one, while it has none): a handle
/// whose number is below it is of a graph that is gone, and looks no further
/// (``graph(madeEffect:)``).
final class GraphAnchor: @unchecked Sendable {
    /// The graph the anchor serves, until it goes. Not retained: the graph clears it in its
    /// `deinit`. Handles read it only if they are of that graph (see ``graph(madeEffect:)``).
    private(set) var graph: Unmanaged<Graph>?
    /// The creation number of the first effect of the anchor's current graph, or of its next graph
    /// while it has none: effects numbered below it belong to graphs that are gone. Atomic, since
    /// a handle of a gone graph reads it on any thread while a later graph takes the anchor.
    let firstSequence = Atomic<Int>(0)

    /// Guards ``free``. A pthread mutex (`NSLock`), as ``BlockPool`` uses, which ThreadSanitizer
    /// sees.
    private static let lock = NSLock()
    /// Anchors whose graphs are gone, to reuse.
    nonisolated(unsafe) private static var free: [GraphAnchor] = []

    private init() {}

    /// The graph that made the effect numbered `sequence` with this anchor, while it exists.
    func graph(madeEffect sequence: Int) -> Unmanaged<Graph>? {
        // A handle used after its graph went (its owner's own synchronisation orders the `deinit`
        // before the use) sees the number the `deinit` stored, finds itself below it and never
        // reads `graph`. Atomic so that this read does not race with a later graph's `deinit`
        // storing the next number; acquiring and releasing, though no data rides on it.
        guard sequence >= firstSequence.load(ordering: .acquiring) else { return nil }
        return graph
    }

    /// An anchor for a graph being made, reused or new. The graph numbers its effects from
    /// ``firstSequence`` and attaches itself (``attach(_:)``) once it is initialized.
    static func take() -> GraphAnchor {
        lock.withLock {
            free.popLast() ?? GraphAnchor()
        }
    }

    /// Makes `graph`, which took this anchor, the one its handles find.
    func attach(_ graph: Graph) {
        self.graph = .passUnretained(graph)
    }

    /// Gives the anchor back to the pool, as its graph goes (first thing in its `deinit`), with the
    /// number the graph's next effect would have had: its handles then find no graph (a closure
    /// that the `deinit` releases may cancel one), and the anchor's next graph numbers its effects
    /// from there.
    func giveBack(nextEffectSequence: Int) {
        graph = nil
        firstSequence.store(nextEffectSequence, ordering: .releasing)
        Self.lock.withLock { Self.free.append(self) }
    }
}
