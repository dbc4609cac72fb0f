// The mark phase's fast lanes. Each does what the general mark (`MarkPhase.swift`) would do for
// one shape of graph, with fewer instructions, and hands every other node back to it. Both mark
// through `markOne(_:flags:)`, so counting and tracing see every mark.

extension Graph {
    /// The lane for the readers of a wide fan-out: marks `reader` if it is an unmarked rule whose
    /// own readers need no mark (it has none, or a single one that is already marked), or an
    /// unmarked effect (which no node reads), which it queues for ``flush()``. Returns whether the
    /// reader needs nothing more; otherwise the general mark must visit it.
    ///
    /// - Precondition: `records` is the table's storage (asserted).
    /// - Shape: the 1,000 terms of `fanout-1000`'s sum, and rules nobody reads yet
    ///   (`lazy-unread-1000`): the terms after the first find the sum already marked; the effects
    ///   reading an input (js-reactivity-benchmark's `update1to1` … `update1to1000`).
    /// - Gain: `lazy-unread-1000` went from 33 to about 12 instructions per rule (callgrind) when it
    ///   was added, with a matching share of `fanout-1000`'s mark. Taking effects saved a batch of
    ///   one write and one effect about 60 instructions (`op-batch-flush`).
    ///
    /// `inliningEffects` inlines the effect's part (``queueEffectLeaf(_:record:flags:)``) rather
    /// than calling it, for the lone reader of an input (a batch of one write and one effect,
    /// `op-batch-flush`), where the call was a large share of the mark. A fan-out's loop calls it,
    /// which keeps the loop as short as it was (inlined there, it made `fanout-1000` slower).
    @inline(__always)
    func markLeaf(_ reader: Int32, in records: UnsafeMutablePointer<NodeRecord>, inliningEffects: Bool = false) -> Bool {
        assert(records == table.base, "markLeaf is handed the table's storage")
        let record = records + Int(reader)
        let flags = record.pointee.flags
        // Already marked: the mark stops there, unless it must bring the main-thread flag.
        if flags.contains(.dirty) { return !flags.contains(.requiresMainThread) }
        guard flags.isDisjoint(with: NodeFlags.markedByGeneralPath) else {
            if inliningEffects { return queueEffectLeaf(reader, record: record, flags: flags) }
            return markEffectLeaf(reader, record: record, flags: flags)
        }
        let outputs = record.pointee.outputs
        if outputs.raw != 0 {
            guard outputs.isSingle else { return false }
            let readerFlags = outputs.singleRecord(in: records).pointee.flags
            // A marked node that requires the main thread carries the main-thread flag already.
            guard readerFlags.contains(.dirty) && !readerFlags.contains(.requiresMainThread) else { return false }
        }
        markOne(record, flags: flags)
        return true
    }

    /// ``markLeaf(_:in:inliningEffects:)`` for a node the general mark would otherwise visit: marks and queues node
    /// `id` (whose record is `record`) if it is an unmarked effect that does not require the main
    /// thread (no node reads an effect); returns `false` for the others, which require the main
    /// thread, whose flag the general mark carries. Apart, so that the lane's path for rules stays
    /// as short as it was.
    @inline(never)
    func markEffectLeaf(_ id: Int32, record: UnsafeMutablePointer<NodeRecord>, flags: NodeFlags) -> Bool {
        queueEffectLeaf(id, record: record, flags: flags)
    }

    /// The work of ``markEffectLeaf(_:record:flags:)``, inlined where it is called.
    @inline(__always)
    func queueEffectLeaf(_ id: Int32, record: UnsafeMutablePointer<NodeRecord>, flags: NodeFlags) -> Bool {
        guard flags.contains(.effect) && !flags.contains(.requiresMainThread) else { return false }
        assert(record == table.base + Int(id), "queueEffectLeaf is handed the record of its node")
        assert(record.pointee.outputs.isEmpty, "Constraints: no node reads an effect")
        var flags = flags
        queue(effect: id, flags: &flags)
        markOne(record, flags: flags)
        return true
    }

    /// The lane down a chain: marks the rule in `edges` and goes on to its own single reader, as long
    /// as each is an unmarked rule with one reader that the general mark has nothing more to do for
    /// (no main-thread flag, no effect to queue). Returns the first node it did not handle, for the
    /// general mark, or `nil` when the chain ran into a node that is already marked and needs
    /// nothing more.
    ///
    /// - Precondition: `edges` holds a single reader (asserted), and no main-thread flag is carried.
    /// - Shape: the modifier chains of a UI graph (`chain-1000`, `cutoff`); each step is a pointer
    ///   chase through the record offset stored in the inline edge (see ``EdgeList``).
    /// - Gain: with the chain lanes of the walk, it took `cutoff` from about 105 to 56 instructions
    ///   per node (callgrind) when it was added.
    @inline(__always)
    func markChain(along edges: EdgeList) -> Int32? {
        assert(edges.isSingle, "markChain follows a single reader")
        // Marking creates no nodes, so the table stays where it is.
        let records = table.base
        var edges = edges
        while true {
            let record = edges.singleRecord(in: records)
            let flags = record.pointee.flags
            if !flags.isDisjoint(with: NodeFlags.markedByGeneralPath.union(.dirty)) {
                return flags.isDisjoint(with: NodeFlags.markedByGeneralPath) ? nil : edges.single
            }
            let outputs = record.pointee.outputs
            if !outputs.isSingle { return edges.single }
            markOne(record, flags: flags)
            edges = outputs
        }
    }
}
