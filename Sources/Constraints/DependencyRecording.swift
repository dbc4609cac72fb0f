// Read tracking: how the reads a closure makes become its input edges (Hudson's dynamic
// dependencies). The recorder of the running closure, the inlined common case of a read, the
// recording of reads that differ from the last run, the appending of a first run's reads,
// finishing the recording after a run, and untracked blocks.

/// The recording state of the innermost executing closure: which node it belongs to and how far
/// its reads so far agree with the input edges it recorded last time.
///
/// The graph keeps the innermost one in ``Graph/recorder``; each run installs its own, and the walk
/// that runs nodes saves the enclosing one in a local variable and restores it when it ends, so
/// nesting costs no heap stack. It is 16 bytes, one vector move each way.
@usableFromInline
struct ReadRecorder {
    /// The running node, or -1 when no closure is running.
    @usableFromInline var node: Int32 = -1
    /// What this run stamps the nodes it reads with once its reads diverged or it appends them
    /// (a node whose `readStamp` equals it was already read by this run); ``noStamp`` until then,
    /// so that reads that match the previous list cost no stamp at all. Stamps are handed out in
    /// increasing order, so a stamp above this one was written by a run nested in this one.
    var stamp: UInt32 = ReadRecorder.noStamp
    /// While the reads match the node's previous input list in order, how many have matched (or,
    /// while the run appends its reads to the list, how many it appended).
    /// Once they diverged, negative: the bitwise complement of ``scratchStart``. So a single
    /// index lookup in the previous list (which has no negative indices) tells a read that matches.
    @usableFromInline var cursor: Int32 = 0
    /// The recording flag and the untracked depth below, packed so that the whole recorder is four
    /// words that save and restore as one 16-byte move.
    @usableFromInline var mode: UInt32 = 0

    /// No closure running.
    init() {}

    /// The recorder of a run of `node`, recording.
    init(recording node: Int32) {
        self.node = node
        mode = 1
    }

    /// The ``stamp`` of a run whose reads have not diverged: no node carries it, as stamps restart
    /// from zero long before they reach it.
    static var noStamp: UInt32 { .max }

    /// Whether reads are recorded now: a closure is running and no untracked block is open.
    @inlinable var isRecording: Bool {
        get { mode & 1 != 0 }
        set { mode = newValue ? mode | 1 : mode & ~1 }
    }

    /// Whether this run's reads left the previous input list (see `cursor`).
    var diverged: Bool { cursor < 0 }

    /// Whether this run appends its reads to its node's input list as it makes them (see
    /// ``Graph/appendRead(_:stamp:)``): it has not diverged, yet took a stamp.
    var isAppending: Bool { !diverged && stamp != ReadRecorder.noStamp }

    /// Once the reads diverged, where this run's reads start in ``Graph/readScratch``.
    var scratchStart: Int {
        get {
            assert(diverged, "a recorder has a scratch start only once its reads diverged")
            return Int(~cursor)
        }
        set {
            assert(newValue >= 0 && newValue <= Int(Int32.max), "a scratch start fits the cursor's complement")
            cursor = ~Int32(truncatingIfNeeded: newValue)
        }
    }

    /// Depth of ``Graph/withoutRecordingReads(_:)`` blocks inside this run.
    var untrackedDepth: UInt32 {
        get { mode >> 16 }
        set { mode = mode & 0xFFFF | newValue << 16 }
    }

    /// Whether a closure is running.
    @inlinable var isRunning: Bool { node >= 0 }
}

extension GraphCore {
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

    /// Whether a closure is recording reads and its last recorded read was `id`, so that reading
    /// `id` again records nothing: the shape of a closure that reads one input many times
    /// (`x.value * x.value`, js-reactivity-benchmark's `repeatedObservers`).
    ///
    /// While the reads match the previous input list, and while a first run appends them, the
    /// entry just before the cursor is the run's last read; once they diverged the cursor is
    /// negative and the lookup finds no id, so such a run takes the general path
    /// (``Graph/recordRead(_:)``). The inlined read of an input tests this together with
    /// ``readMatchesRecording(_:)`` (``recordReadMatchingOrRepeating(_:)``).
    @inlinable @inline(__always)
    func readRepeatsLastRead(_ id: Int32) -> Bool {
        recorder.isRecording && table.base[Int(recorder.node)].inputs.id(at: Int(recorder.cursor) &- 1) == id
    }

    /// Whether a closure is recording reads and `id` is where its reads are in its previous input
    /// list: the input it read at this point last time (``readMatchesRecording(_:)``, and the
    /// cursor moves past it) or its last read (``readRepeatsLastRead(_:)``, which records nothing).
    /// Then the read's bookkeeping is done. The inlined read of an input, which needs no
    /// evaluation.
    ///
    /// A list of two inputs or more (a block) is tested first, so that the reads of a closure of
    /// many inputs pay no test of the single-input shape. For a single input the two lookups are
    /// one test of the list's word, and the cursor tells them apart: it is 0 before the read of
    /// the input, 1 after it (a repeat, which records nothing), and negative once the reads
    /// diverged.
    @inlinable @inline(__always)
    mutating func recordReadMatchingOrRepeating(_ id: Int32) -> Bool {
        guard recorder.isRecording else { return false }
        let inputs = table.base[Int(recorder.node)].inputs
        let cursor = Int(recorder.cursor)
        if inputs.isSingle {
            guard inputs.holdsOnly(id) else { return false }
            if cursor == 1 { return true }
            guard cursor == 0 else { return false }
            recorder.cursor = 1
            return true
        }
        // A block, or an empty list, which matches neither lookup.
        if inputs.id(at: cursor) == id {
            recorder.cursor &+= 1
            return true
        }
        return inputs.id(at: cursor &- 1) == id
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

extension Graph {
    /// Records that the innermost running closure read `id` (dynamic dependencies).
    ///
    /// In the steady state a closure reads the same nodes in the same order as last time; that case
    /// only advances a cursor over the existing input list, writes nothing else and allocates
    /// nothing. On the first read that differs, the matched prefix is copied to a scratch list and
    /// recording continues there, stamping each node read; ``finishRecording()`` then diffs old and
    /// new lists and updates the output edges.
    @inline(__always)
    func recordRead(_ id: Int32) {
        if core.pointee.readMatchesRecording(id) {
            core.pointee.recordReadWithoutEvaluating()
            return
        }
        if core.pointee.readRepeatsLastRead(id) { return }
        recordUnmatchedRead(id)
    }

    /// ``recordRead(_:)`` for a read of `id` that is neither the input read at this point last
    /// time nor this run's last read, as the inlined read of an input found
    /// (``GraphCore/recordReadMatchingOrRepeating(_:)``), so that its graph part does not look
    /// again: a read of a node this run read before (found by its stamp), or one that leaves the
    /// previous input list or is appended to an empty one, as a first run's reads are.
    @inline(__always)
    func recordUnmatchedRead(_ id: Int32) {
        let stamp = table[id].readStamp
        if stamp == recorder.stamp { return }
        recordDivergentRead(id, stamp: stamp)
    }

    /// How far back a read that does not match the previous list looks for an earlier read of the
    /// same node among the matched ones (`x.value * x.value`) before recording diverges.
    private static var repeatedReadWindow: Int { 8 }

    /// The part of ``recordRead(_:)`` for reads that leave the previous input list, or that a run
    /// appends to an empty one (``appendRead(_:stamp:)``).
    private func recordDivergentRead(_ id: Int32, stamp: UInt32) {
        if recorder.isAppending { return appendRead(id, stamp: stamp) }
        if !recorder.diverged {
            let previous = table[recorder.node].inputs
            if previous.isEmpty { return appendRead(id, stamp: stamp) }
            let cursor = Int(recorder.cursor)
            // Matched reads are not stamped: a repeated read of a recent one is found by a short scan.
            if previous.contains(id, in: max(0, cursor - Self.repeatedReadWindow) ..< cursor) { return }
            // Nested runs leave `readScratch` as they found it, so this run's reads start here.
            recorder.scratchStart = readScratch.count
            recorder.stamp = freshStamp()
            for index in 0 ..< cursor {
                let input = previous[index]
                readScratch.append(input)
                table[input].readStamp = recorder.stamp
            }
            // A repeated read of a matched node further back than the scan looked.
            if table[id].readStamp == recorder.stamp { return }
        } else if stamp > recorder.stamp {
            // A nested run overwrote the stamp; fall back to a scan of this run's reads.
            if readScratch.elements(from: recorder.scratchStart).contains(id) { return }
        }
        readScratch.append(id)
        table[id].readStamp = recorder.stamp
    }

    /// Records a read of `id` (whose read stamp is `stamp`) by a rule whose input list was empty
    /// when its run began, which is a rule's first run, the shape a view layer's build is made of:
    /// the read is appended to the rule's input list and the rule to the outputs of `id` at once.
    /// The reads so far are then the whole list, so that ``finishRecordingIfChanged(_:)`` finds
    /// nothing to do; recording them in ``readScratch`` instead, to diff them against an empty list
    /// and copy them into it at the end, cost a views-bench build about 4,800 instructions per row
    /// of some 74 such reads (`views-bench instructions --build-per-row`: 2.3 % of the total, with ``EdgeList/append(_:in:)``
    /// inlined for lists that need no new block).
    ///
    /// Each node read is stamped, so that a repeated read stops at the stamp test of
    /// ``recordRead(_:)``; one whose stamp a nested run overwrote is looked for in the list.
    ///
    /// An effect's first run appends its reads too. An effect may write an input it read while it
    /// runs, which marks that input's readers at once, the running effect among them: the mark
    /// queues it and sets its out-of-date mark, which the end of its run clears, and
    /// `requeueIfStale(effect:since:)` then finds it queued and forces its next run, as it would
    /// have queued it had the effect not been among the readers yet. Recording an effect's first
    /// reads in ``readScratch`` instead cost making and cancelling an effect about 130
    /// instructions (`op-create-cancel-effect`).
    @inline(__always)
    private func appendRead(_ id: Int32, stamp: UInt32) {
        let reader = recorder.node
        assert(!recorder.diverged && Int(recorder.cursor) == table[reader].inputs.count,
               "Constraints: only a run whose reads so far are its whole input list appends reads")
        if recorder.stamp == ReadRecorder.noStamp {
            recorder.stamp = freshStamp()
        } else if stamp > recorder.stamp && table[reader].inputs.contains(id, in: 0 ..< Int(recorder.cursor)) {
            return
        }
        table[reader].inputs.append(id, mirror: addEdge(from: id, to: reader), in: &inputBlocks)
        table[id].readStamp = recorder.stamp
        recorder.cursor &+= 1
    }

    /// What a run does with its recording once its closure returned: the reads left the previous
    /// input list or did not reach its end, so the list must be replaced (``finishRecording()``),
    /// or they repeated it, and there is nothing to do. `record` is the record of the node that ran
    /// (the ``recorder``'s).
    @inline(__always)
    func finishRecordingIfChanged(_ record: UnsafeMutablePointer<NodeRecord>) {
        let finished = recorder
        if finished.diverged || record.pointee.inputs.id(at: Int(finished.cursor)) >= 0 { finishRecording() }
    }

    /// Replaces the input edges of the node that just ran (the ``recorder``'s) with what it read,
    /// dropping edges it did not read again and adding the new ones on both sides. Only called when
    /// the reads may differ from the previous input list: they stopped short of its end, or they
    /// diverged (which a repeated read far back does without changing the list).
    @inline(never)
    func finishRecording() {
        let frame = recorder
        let reader = frame.node
        let previous = table[reader].inputs
        if !frame.diverged {
            // Every read matched the previous list in order; anything after the cursor went unread.
            let kept = Int(frame.cursor)
            for index in kept ..< previous.count {
                removeEdge(from: previous[index], to: reader, at: previous.mirror(at: index))
            }
            table[reader].inputs.truncate(to: kept, in: &inputBlocks)
            return
        }
        let base = frame.scratchStart
        let end = readScratch.count
        let reads = readScratch.elements(from: base)
        if reads.count == previous.count && reads.indices.allSatisfy({ reads[$0] == previous[$0] }) {
            // The same reads after all (a repeated read far back made the recording diverge).
            readScratch.truncate(to: base)
            return
        }
        // Fresh stamps tell old-only, new-only and common inputs apart without allocating: the
        // previous inputs get one each, `oldStamps + position`, so that a common input's mirror is
        // found from its stamp; every input read gets `newStamp`.
        let oldStamps = lastStamp &+ 1
        lastStamp &+= UInt32(previous.count)
        for index in 0 ..< previous.count { table[previous[index]].readStamp = oldStamps &+ UInt32(index) }
        let newStamp = freshStamp()
        // The new list's mirrors go on the scratch stack after its ids.
        for index in base ..< end {
            let input = readScratch[index]
            let position = Int(table[input].readStamp &- oldStamps)
            let mirror = table[input].readStamp >= oldStamps && position < previous.count
                ? Int32(truncatingIfNeeded: previous.mirror(at: position))
                : addEdge(from: input, to: reader)
            table[input].readStamp = newStamp
            readScratch.append(mirror)
        }
        for index in 0 ..< previous.count where table[previous[index]].readStamp != newStamp {
            removeEdge(from: previous[index], to: reader, at: previous.mirror(at: index))
        }
        table[reader].inputs.assign(UnsafeBufferPointer(start: readScratch.base + base, count: end - base),
                                    mirrors: readScratch.elements(from: end), in: &inputBlocks)
        readScratch.truncate(to: base)
    }

    /// A stamp no node carries yet.
    private func freshStamp() -> UInt32 {
        lastStamp += 1
        return lastStamp
    }

    /// Adds `reader` to the outputs of `input` (the input side is maintained by the recorder);
    /// returns where it went, the mirror of the edge in the reader's ``InputList``.
    @inline(__always)
    private func addEdge(from input: Int32, to reader: Int32) -> Int32 {
        let position = Int32(truncatingIfNeeded: table[input].outputs.count)
        table[input].outputs.append(reader, in: &outputBlocks)
        counters.edgesAdded += 1
        if recordsNodeCounters { nodeCounters[Int(reader)].edgesAdded += 1 }
        return position
    }

    /// Removes the edge `input → reader` from the outputs of `input`, where `reader` is at
    /// `position` (the edge's mirror), by moving the last reader into its place; that reader's
    /// mirror is updated. The input side is the caller's business.
    ///
    /// Constant time but for finding `input` in the moved reader's own input list, so that
    /// removing a node costs O(its own edges) whatever the number of readers of its inputs: a
    /// cancelled effect of an input that 1,000 others read used to scan those 1,000
    /// (`op-create-cancel-effect-wide` in `engine-bench instructions`).
    ///
    /// The edge of an input's only reader (an input read by one effect or rule, the common case)
    /// empties the list at once.
    func removeEdge(from input: Int32, to reader: Int32, at position: Int) {
        assert(table[input].outputs[position] == reader, "Constraints: an input edge's mirror is where its reader is")
        if table[input].outputs.isSingle {
            table[input].outputs = EdgeList()
            countRemovedEdge(of: reader)
            return
        }
        let last = table[input].outputs.count - 1
        if position != last {
            let moved = table[input].outputs[last]
            let index = table[moved].inputs.firstIndex(of: input).unsafelyUnwrapped
            table[moved].inputs.setMirror(at: index, to: position)
        }
        table[input].outputs.swapRemove(at: position, in: &outputBlocks)
        countRemovedEdge(of: reader)
    }

    /// Counts one input edge that `reader` lost.
    @inline(__always)
    func countRemovedEdge(of reader: Int32) {
        counters.edgesRemoved += 1
        if recordsNodeCounters { nodeCounters[Int(reader)].edgesRemoved += 1 }
    }

    /// Clears every read stamp so stamps can start again from zero (once per ~2 billion stamps).
    func resetReadStamps() {
        for id in 0 ..< table.endIndex { table[id].readStamp = 0 }
        lastStamp = 0
    }
}

extension Graph {
    /// Runs `body` without recording the reads it makes as dependencies of the running closure.
    ///
    /// Values read inside are still brought up to date. Use it for reads that configure rather than
    /// compute: a view layer building nodes inside a rule (a `ForEach` item, an `if` branch) reads
    /// values once to decide what to build, and the enclosing rule must not come to depend on them.
    /// Closures that run because of such a read record their own reads as usual.
    public func withoutRecordingReads<Result>(_ body: () throws -> Result) rethrows -> Result {
        recorder.untrackedDepth += 1
        recorder.isRecording = false
        defer {
            recorder.untrackedDepth -= 1
            recorder.isRecording = recorder.isRunning && recorder.untrackedDepth == 0
        }
        return try body()
    }
}
