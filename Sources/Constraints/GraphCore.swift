/// The part of a graph's state that every read touches: the node table and the recording of the
/// innermost running closure.
///
/// It lives in its own allocation, which the graph owns and every rule entry and input entry points at,
/// so that the common case of ``Rule/value`` and ``Input/value`` is inlined into client code and
/// reaches it through a plain pointer: no call, and no reference counting of the graph or of the handle being
/// read. The other cases call a non-inlined function that is handed the core and the node's id
/// only, so that no handle has to be kept alive across the call (which would cost a retain and a
/// release per read of a handle held in an array).
@usableFromInline
struct GraphCore {
    @usableFromInline var table = NodeTable()
    @usableFromInline var recorder = ReadRecorder()
    /// The graph that owns (and deallocates) this core.
    @usableFromInline let graph: Unmanaged<Graph>

    init(graph: Graph) {
        self.graph = .passUnretained(graph)
    }
}
