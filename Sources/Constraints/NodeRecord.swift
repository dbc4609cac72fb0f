/// Per-node bookkeeping bits. ``ValueState`` is the public view of them.
///
/// `@usableFromInline`, like the record, table and recorder types, because the common case of a read
/// is inlined into client code (see ``GraphCore``); the flags are computed so that it tests constants.
///
/// Invariants between updates (each a case of `Invariant`, tested by the checker of
/// `Graph+Invariants.swift`, see `Docs/Engine.md`), among them:
/// - no node is ``visiting``;
/// - ``mainThread`` only on ``dirty`` nodes, and on every dirty node that ``requiresMainThread``
///   and every reader of a node that has it;
/// - the readers of a ``dirty`` node are ``dirty`` (the mark went all the way down);
/// - a rule that is neither ``dirty`` nor ``forceRun`` and has a value has no pending input edge;
/// - ``queued`` exactly on the effects in the effect queue, ``pendingWrite`` exactly on the inputs
///   in the staging list (beside which it may hold entries of destroyed inputs, which the graph
///   counts);
/// - ``hasValue`` or ``hasInitialValue`` exactly when the node's slot of its store holds a value.
@usableFromInline
struct NodeFlags: OptionSet, Sendable {
    @usableFromInline var rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The node has a value (inputs always; rules and effects after their first run).
    @inlinable static var hasValue: NodeFlags { NodeFlags(rawValue: 1 << 0) }
    /// Hudson's *out-of-date* mark, set by the mark phase.
    @inlinable static var dirty: NodeFlags { NodeFlags(rawValue: 1 << 1) }
    /// The node is on the evaluate phase's walk stack: being brought up to date, or running (a
    /// node runs only from the walk). A read of it then is a dependency cycle.
    @inlinable static var visiting: NodeFlags { NodeFlags(rawValue: 1 << 2) }
    /// A dirty node upstream (or this one) requires the main thread; propagated by marks.
    @inlinable static var mainThread: NodeFlags { NodeFlags(rawValue: 1 << 3) }
    /// Set at creation: this node's closure must run on the main thread.
    @inlinable static var requiresMainThread: NodeFlags { NodeFlags(rawValue: 1 << 4) }
    /// The node must re-run when next brought up to date (never ran, or lost an input).
    @inlinable static var forceRun: NodeFlags { NodeFlags(rawValue: 1 << 5) }
    /// The node is an input (a source written from outside).
    @inlinable static var input: NodeFlags { NodeFlags(rawValue: 1 << 6) }
    /// The node is an effect (an observer run by `flush()`).
    @inlinable static var effect: NodeFlags { NodeFlags(rawValue: 1 << 7) }
    /// The effect sits in the graph's queue of effects to run.
    @inlinable static var queued: NodeFlags { NodeFlags(rawValue: 1 << 8) }
    /// The input has a written value that is not committed yet (batch or write during evaluation).
    @inlinable static var pendingWrite: NodeFlags { NodeFlags(rawValue: 1 << 9) }
    /// The rule was given an `initialValue:`, so a cyclic read before its first run has a value.
    @inlinable static var hasInitialValue: NodeFlags { NodeFlags(rawValue: 1 << 10) }

    /// Every flag above (the invariant checker tests that no other bit is set).
    static var all: NodeFlags { NodeFlags(rawValue: (1 << 11) - 1) }

    /// Whether the node has a value to return: one it computed (``hasValue``) or, before its first
    /// run, its `initialValue:` (``hasInitialValue``).
    @inlinable var hasValueToReturn: Bool { !isDisjoint(with: [.hasValue, .hasInitialValue]) }

    /// Whether the node is out of date (``dirty``) without being forced to run (``forceRun``).
    @inlinable var isOnlyDirty: Bool {
        rawValue & (Self.dirty.rawValue | Self.forceRun.rawValue) == Self.dirty.rawValue
    }

    /// Whether the node is out of date (``dirty``) and needs attention for no other reason: it is
    /// neither forced to run nor being brought up to date.
    @inlinable var isOnlyOutOfDate: Bool {
        intersection(Self.needsAttention) == .dirty
    }

    /// A node with any of these cannot simply be read: it is out of date, must run, or is being
    /// brought up to date (a read of it is a cycle).
    @inlinable static var needsAttention: NodeFlags {
        NodeFlags(rawValue: dirty.rawValue | forceRun.rawValue | visiting.rawValue)
    }

    /// Whether the node can be read as it is: it needs no evaluation and is not being evaluated.
    @inlinable var isUpToDate: Bool { isDisjoint(with: Self.needsAttention) }

    /// The node is a rule no mark lane may skip: it requires the main thread (whose flag the
    /// general mark carries) or is an effect (which the general mark queues).
    @inlinable static var markedByGeneralPath: NodeFlags {
        NodeFlags(rawValue: requiresMainThread.rawValue | effect.rawValue)
    }

    /// The flags of a node the walk decided to leave as it is: no longer out of date, off the
    /// walk's stack. Hudson's "finish a node clean".
    @inlinable var finishedClean: NodeFlags { subtracting([.dirty, .mainThread, .visiting]) }

    /// The flags of a node that just ran: it has a value and is up to date.
    @inlinable var finishedRun: NodeFlags {
        subtracting([.visiting, .dirty, .forceRun, .mainThread]).union(.hasValue)
    }
}

/// Everything the algorithm keeps about one node, stored contiguously (64 bytes).
///
/// Hudson's per-edge *pending* flag is represented with two clocks instead of a bit per edge:
/// the edge `input → reader` is pending exactly when `input.changedAt > reader.ranAt`, that is, when
/// the input's value changed after the reader last ran (``changed(after:)``, the one place the
/// predicate is written). Setting an input therefore costs one clock tick instead of a write per
/// output edge, and the predicate the algorithm tests is unchanged.
///
/// Invariants between updates (see ``NodeFlags`` for those of the flags; the checker of
/// `Graph+Invariants.swift` tests one per field):
/// - `inputs` and `outputs` mirror each other: `a` is in the inputs of `b` exactly when `b` is in
///   the outputs of `a`; no list holds an id twice; inputs have no inputs, effects no outputs;
/// - each input edge's mirror is where the node is in that input's outputs (``InputList``);
/// - every inline edge's stored record offset is its id times the record's stride (``EdgeList``,
///   ``InputList``);
/// - `changedAt` and `ranAt` are not in the future; an input never runs (`ranAt` 0), an effect
///   never changes (`changedAt` 0), a rule changes only when it runs (`changedAt <= ranAt + 1`);
/// - `readStamp` is no later than the last stamp handed out; `nameIndex` is -1 or an interned
///   name's; `subgraph` is 0 or a live subgraph that lists the node;
/// - `box` is `nil` exactly for effects; a rule's is its graph's store of rules of its value type,
///   an input's its graph's store of inputs of its value type;
/// - `slot` names a slot of the effect table for an effect, of its store for a rule or an input:
///   the slot that names the node back.
@usableFromInline
struct NodeRecord {
    /// Graph clock value at which this node's value last changed.
    var changedAt: UInt64 = 0
    /// Graph clock value at which this node's closure last finished running.
    var ranAt: UInt64 = 0
    /// The nodes this node read during its last run, in read order, each with its position in
    /// that node's `outputs` (see ``InputList``).
    @usableFromInline var inputs = InputList()
    /// Run id of the last run that recorded a read of this node (duplicate-read detection). Right
    /// after `inputs`, whose last four bytes it fills, so that the record stays 64 bytes.
    @usableFromInline var readStamp: UInt32 = 0
    /// The nodes that read this node during their last run (unordered).
    var outputs = EdgeList()
    /// Where the node's value is: the store of the graph's rules (``AnyRuleStore``, which also
    /// holds a rule's closure or stored body) of its value type (or of its body type, for a stored
    /// body), or of its inputs (``AnyInputStore``) of its value type, which the graph keeps (not
    /// retained here); `nil` for a free slot and for an effect, which has none (see
    /// ``slot``).
    @usableFromInline var box: Unmanaged<NodeStorage>?
    @usableFromInline var flags: NodeFlags = []
    /// Index into the graph's interned names, or -1.
    var nameIndex: Int32 = -1
    /// Index of the owning subgraph in the graph's subgraph table, or 0 for the root.
    var subgraph: Int32 = 0
    /// An effect's slot in the graph's ``EffectTable`` (its closure and creation order), a rule's in
    /// its store (its value and closure or body), or an input's in its store (its value); -1 for a free
    /// slot.
    @usableFromInline var slot: Int32 = -1

    /// Hudson's pending test for the edge from this node to a reader that last ran at `ranAt`:
    /// whether this node's value changed after that run.
    @inline(__always)
    func changed(after ranAt: UInt64) -> Bool { changedAt > ranAt }
}

extension Graph {
    /// Whether the edge `input → reader` is pending (see ``NodeRecord/changed(after:)``).
    @inline(__always)
    func isPending(from input: Int32, to reader: Int32) -> Bool {
        table[input].changed(after: table[reader].ranAt)
    }
}
