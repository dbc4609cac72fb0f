extension Graph {
    /// Marks every rule and effect as needing to run, as if nothing had ever been computed: the
    /// next reads re-run every node they demand (no memoisation), and effects run at the next
    /// ``flush()``.
    ///
    /// This is the baseline that incremental evaluation is compared with: Square Workflow's render
    /// pass re-renders the whole tree from the root on every change. Values are kept, so the
    /// equality cutoff still applies to what readers see.
    public func invalidateAll() {
        for id in 0 ..< table.endIndex where table.isLive(id) {
            let flags = table[id].flags
            if flags.contains(.input) { continue }
            table[id].flags.insert([.dirty, .forceRun])
            if flags.contains(.effect) { queue(effect: id, flags: &table[id].flags) }
        }
        // Every rule is out of date now; those that require the main thread bring the main-thread
        // flag down to their readers, as a mark would.
        for id in 0 ..< table.endIndex where table.isLive(id) && table[id].flags.contains(.requiresMainThread) {
            markNodeAndReaders(id)
        }
        checkInvariantsAfterOutermostMark()
    }
}
