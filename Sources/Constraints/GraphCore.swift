/// The part of a graph's state that every read touches: the node table and the recording of the
/// innermost running closure.
///
/// It lives in its own allocation, which the graph owns and every node's box points at, so that
/// the common case of ``Rule/value`` and ``Input/value`` is inlined into client code and reaches it
/// through a plain pointer: no call, and no reference counting of the graph or of the handle being
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

    /// Whether a read of node `id` can take the common path: the node needs no evaluation, and
    /// either no closure records reads or the recording one read `id` at this point last time.
    /// ``recordReadWithoutEvaluating()`` then does the read's bookkeeping.
    @inlinable @inline(__always)
    func canReadWithoutEvaluating(_ id: Int32) -> Bool {
        if !table.base[Int(id)].flags.isDisjoint(with: NodeFlags.needsAttention) { return false }
        return !recorder.isRecording || readMatchesRecording(id)
    }

    /// Whether a closure is recording reads and read `id` at this point last time: the steady
    /// state of dynamic dependencies, where the read only advances the recorder's cursor.
    @inlinable @inline(__always)
    func readMatchesRecording(_ id: Int32) -> Bool {
        // Once the reads diverged, the cursor is negative, and the lookup finds no id.
        recorder.isRecording && table.base[Int(recorder.node)].inputs.id(at: Int(recorder.cursor)) == id
    }

    /// The bookkeeping of a read that ``canReadWithoutEvaluating(_:)`` or
    /// ``readMatchesRecording(_:)`` allowed: advances the recorder's cursor past the matching input
    /// (see ``Graph/recordRead(_:)``).
    @inlinable @inline(__always)
    mutating func recordReadWithoutEvaluating() {
        // The previous list holds no id twice, so a match at the cursor is this run's first read of
        // `id`. It is not stamped: a later repeated read finds it in the matched prefix.
        if recorder.isRecording { recorder.cursor &+= 1 }
    }
}
