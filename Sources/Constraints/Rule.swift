/// A node whose value is computed by a closure from the nodes it reads.
///
/// `Rule` is a cheap handle; copies refer to the same node. Reading ``value`` brings the rule up to
/// date first: the closure runs only if the rule never ran or one of the values it read changed.
///
/// ```swift
/// let area = graph.rule(name: "area") { width.value * height.value }
/// print(area.value)
/// ```
public struct Rule<Value>: @unchecked Sendable {
    /// The rule's entry in its graph's store of rules of type `Value`, which holds its value and
    /// body; its memory is never freed (see ``AnyRuleStore``), so the handle holds nothing.
    @usableFromInline
    let entry: UnsafeMutableRawPointer
    /// The entry's word when this rule was made, its sequence and the rule's node id: the entry
    /// still holds this rule exactly while its word is this one (see ``AnyRuleStore``).
    @usableFromInline
    let word: UInt64

    @usableFromInline
    init(entry: UnsafeMutableRawPointer, word: UInt64) {
        self.entry = entry
        self.word = word
    }

    /// Whether the rule still exists: its entry still holds it.
    @inlinable
    var exists: Bool {
        @inline(__always) get { AnyRuleStore.header(entry).pointee.word == word }
    }

    /// The rule's node id, or -1 once the rule no longer exists (its subgraph was destroyed or its
    /// graph is gone).
    @inlinable
    var nodeID: Int32 {
        @inline(__always) get { exists ? Int32(truncatingIfNeeded: word) : -1 }
    }

    /// The rule's value, brought up to date on demand. Reading it inside a rule or effect records
    /// an edge.
    ///
    /// Reading a rule while it is being computed (a dependency cycle) reports
    /// ``Diagnostic/cycle(_:)`` and returns the rule's previous value, or its `initialValue:`;
    /// with neither, the program stops with a message naming the cycle.
    @inlinable
    public var value: Value {
        // Always inlined: a call would make the caller retain a handle it reads from an array or
        // another object, which is what the rest of the read path is written to avoid.
        @inline(__always) get {
            // The node id is in the handle's word, which names a node: only the compare loads, and
            // the loads of the entry's word, core and value wait for none of the others.
            if !exists { detachedNodeUse(Value.self) }  // before touching the graph, which may be gone
            let id = Int32(truncatingIfNeeded: word)
            let core = AnyRuleStore.header(entry).pointee.core
            if core.pointee.canReadWithoutEvaluating(id) {
                let value = RuleValue<Value>.existing(at: entry)
                core.pointee.recordReadWithoutEvaluating()
                return value
            }
            return readRuleThroughGraph(id, entry, in: core)
        }
    }

    /// The value computed by the rule's last run (or its `initialValue:`), without bringing it up
    /// to date and without recording an edge; `nil` if it never ran or no longer exists, and while
    /// its cutoff compares a new value with that one (read from the value's `==`).
    /// Event dispatch uses it: a tap goes to the action of the view as last rendered.
    public var cachedValue: Value? {
        exists && AnyRuleStore.header(entry).pointee.holdsValue ? RuleValue<Value>.address(entry).pointee : nil
    }

    /// The graph's clock at the last change of the rule's value, if that value is up to date
    /// (``GraphNode/isUpToDate``): a run whose value the equality cutoff found equal to the last
    /// one does not change it. `nil` if the rule never ran, is marked out of date or no longer
    /// exists. Read under the graph's lock, without bringing the rule up to date.
    ///
    /// Two reads of the same stamp saw the same value, so a reader can keep what it derived from
    /// the value (a size measured from a layout) instead of reading and comparing the value again.
    public var valueChangedAt: UInt64? {
        let id = nodeID
        guard id >= 0 else { return nil }
        let record = AnyRuleStore.header(entry).pointee.core.pointee.table.base[Int(id)]
        guard record.flags.contains(.hasValue), !record.flags.contains(.dirty) else { return nil }
        return record.changedAt
    }
}

/// A read the inlined path of ``Rule/value`` cannot do: one that evaluates, detects a cycle or
/// records a new edge. It is handed the node's id, its entry and the graph's core only (the entry
/// never moves), so the caller keeps nothing alive across the
/// call. A free function rather than a static method, so that generic callers need no
/// `Rule<Value>` metadata.
@inlinable @inline(never)
func readRuleThroughGraph<Value>(_ id: Int32, _ entry: UnsafeMutableRawPointer, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    core.pointee.graph._withUnsafeGuaranteedRef { $0.prepareRuleRead(id, entry) }
    return RuleValue<Value>.existing(at: entry)
}

extension Graph {
    /// The bookkeeping of a read of the rule `id` at `entry`: brings the rule up to date (or
    /// detects a cycle), and records the edge inside a closure. The rule's entry then holds the
    /// value to return.
    @usableFromInline @inline(never)
    func prepareRuleRead(_ id: Int32, _ entry: UnsafeMutableRawPointer) {
        let word = AnyRuleStore.header(entry).pointee.word
        let flags = table[id].flags
        if !flags.isUpToDate && !bringUpToDateWithCleanInputs(id, flags: flags) {
            if flags.contains(.visiting) {
                cyclicRead(id)
            } else {
                bringUpToDateWatchingStack(id, flags: flags)
            }
        }
        // Teardowns deferred during an evaluation run at its end; one may have taken this very node.
        // Its entry's word tells, in every build: the id may already name another node (a `deinit`
        // run by the teardown can make one), but the entry's sequence has moved on.
        guard AnyRuleStore.header(entry).pointee.word == word else { nodeDestroyedByItsOwnRead() }
        if recorder.isRecording { recordRead(id) }
    }

    private func nodeDestroyedByItsOwnRead() -> Never {
        fatalError("Constraints: a rule was destroyed by the evaluation its own read started "
            + "(a closure it ran destroyed the rule's subgraph), so it has no value to return")
    }

    /// A read of a node that is itself being brought up to date: a dependency cycle. The read
    /// returns the previous (or initial) value; without one, the program stops naming the cycle.
    private func cyclicRead(_ id: Int32) {
        var path = [name(of: id)]
        if let start = walkStack.lastIndex(where: { $0.node == id }) {
            path = walkStack.elements(from: start).map { name(of: $0.node) } + path
        } else if recorder.isRunning {
            path.insert(name(of: recorder.node), at: 0)
        }
        guard table[id].flags.hasValueToReturn else {
            fatalError("Constraints: dependency cycle \(path.joined(separator: " → ")); "
                + "'\(name(of: id))' has no previous value and no initialValue to return")
        }
        guard table[id].box.unsafelyUnwrapped.takeUnretainedValue().holdsValue(slot: table[id].slot) else {
            fatalError("Constraints: '\(name(of: id))' was read while its cutoff compared its new value with "
                + "the previous one (from its value's ==, which must not read the graph), so it has no value to return")
        }
        noteCyclicRead(of: id)
        report(.cycle(path))
    }
}
