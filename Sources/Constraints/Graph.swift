import Foundation
import Synchronization

/// A graph of one-way dataflow constraints, evaluated with Hudson's mark-dirty / lazy-evaluate
/// algorithm.
///
/// Nodes are ``Input``s (values written from outside), ``Rule``s (values computed by a closure from
/// the nodes it reads) and ``Effect``s (closures run for their side effects by ``flush()``).
/// Writing an input only *marks* the rules that may depend on it; reading a rule *evaluates* what
/// that read needs, re-running a closure only when one of the values it read really changed.
///
/// ```swift
/// let graph = Graph()
/// let a = graph.input(1, name: "a")
/// let b = graph.rule(name: "b") { a.value * 2 }
/// a.value = 2          // marks b, evaluates nothing
/// print(b.value)       // runs b once: 4
/// ```
///
/// A `Graph` is not internally synchronised. When more than one thread uses it, every access
/// (reads, writes, node creation, ``flush()``) must happen inside ``withLock(_:)``, which is
/// re-entrant, so that threads take turns as SwiftUI's main and render threads do.
public final class Graph: @unchecked Sendable {
    // MARK: Algorithm state (hot; accessed without dynamic exclusivity checks)

    /// The node table and read recording, which inlined reads reach through the stores.
    @usableFromInline let core: UnsafeMutablePointer<GraphCore>
    /// The node table (in ``core``).
    var table: NodeTable {
        _read { yield core.pointee.table }
        _modify { yield &core.pointee.table }
    }
    /// Logical clock; ticks whenever a node's value changes.
    @exclusivity(unchecked) var clock: UInt64 = 1
    /// Evaluate-phase walk stack (see `EvaluatePhase.swift`).
    @exclusivity(unchecked) var walkStack = ScratchStack<WalkFrame>()
    /// The innermost executing closure's read recording (see `DependencyRecording.swift`).
    var recorder: ReadRecorder {
        _read { yield core.pointee.recorder }
        _modify { yield &core.pointee.recorder }
    }
    /// Reads recorded by running closures whose dependencies diverged from their last run.
    @exclusivity(unchecked) var readScratch = ScratchStack<Int32>()
    /// Where the heap blocks of the input lists come from; released last by `deinit`, after every
    /// list gave its block back (see ``EdgeBlockArena``).
    ///
    /// Input and output lists have an arena each, so that the input lists that a walk reads one
    /// after another (the nodes of a list row, made together) lie together, not interleaved with the
    /// output lists that the same recordings grew. Measured on a `color-scheme` switch with
    /// cachegrind (32 KB L1, 512 KB last level): 16.77 to 16.48 L1 read misses per evaluation.
    @exclusivity(unchecked) var inputBlocks = EdgeBlockArena()
    /// Where the heap blocks of the output lists come from (see ``inputBlocks``).
    @exclusivity(unchecked) var outputBlocks = EdgeBlockArena()
    /// Mark-phase work stack (see `MarkPhase.swift`).
    @exclusivity(unchecked) var markStack = ScratchStack<MarkEntry>()
    /// The last read stamp handed out (see ``ReadRecorder/stamp``).
    @exclusivity(unchecked) var lastStamp: UInt32 = 0
    @exclusivity(unchecked) var counters = GraphStatistics()
    /// Per-node counters, indexed by node id; empty unless ``recordsNodeStatistics``. Like the
    /// per-name counters, a scratch stack rather than an array, so that counting a run or a mark
    /// pays no uniqueness check: with arrays, the counting cost a `color-scheme` switch about 125
    /// instructions per evaluation (callgrind), a tenth of its cost.
    @exclusivity(unchecked) var nodeCounters = ScratchStack<NodeStatistics>(capacity: 1)
    @exclusivity(unchecked) var recordsNodeCounters: Bool
    /// Per-name counters, indexed by name slot (see `Statistics.swift`); empty unless
    /// ``recordsNodeStatistics``.
    @exclusivity(unchecked) var nameCounters = ScratchStack<NameStatistics>(capacity: 1)
    /// Below this stack address, a nested first evaluation continues on a thread with a larger
    /// stack (see `DeepEvaluation.swift`).
    @exclusivity(unchecked) var stackLimit: UInt = 0
    /// The thread ``stackLimit`` was set for (``currentThreadWord()``), or ``noStackLimit``: a
    /// limit measured on one thread's stack means nothing on another's.
    @exclusivity(unchecked) var stackLimitThread: UInt = 0

    // MARK: Batches, effects, subgraphs, names

    // Every batch and every outermost update touches the four below, so they are exempt from
    // dynamic exclusivity checks like the algorithm state above (the graph is not internally
    // synchronised, and no access to them overlaps another): the checks cost 2-10x5-lazy80% about
    // 690 instructions per batch (callgrind: swift_beginAccess and swift_endAccess).
    @usableFromInline @exclusivity(unchecked) var batchDepth = 0
    /// Inputs with a staged value, in the order they were first written, and the entries of inputs
    /// destroyed since they were written, which the commit drops (``stagedEntriesOfDestroyedInputs``).
    /// A scratch stack rather than an array: emptying an array at every batch cost a uniqueness
    /// check and a `replaceSubrange` call, and iterating it a retain and a release, about 160
    /// instructions per batch of 2-10x5-lazy80%.
    @usableFromInline @exclusivity(unchecked) var stagedInputs = ScratchStack<Int32>(capacity: 4)
    /// How many entries of ``stagedInputs`` are those of inputs destroyed since they were written:
    /// destroying an input with a staged write leaves its entry rather than search the list for it,
    /// and counts it; the commit drops those entries first (``dropDestroyedStagedInputs()``), and
    /// so does a destruction that leaves them more than half the list
    /// (``countStagedEntryOfDestroyedInput()``). Such
    /// an entry may name an id a later input took, whose own entry, if it was written, comes later
    /// in the list. While it is 0, every entry is a live input with a staged write, listed once.
    @exclusivity(unchecked) var stagedEntriesOfDestroyedInputs = 0
    /// Effects waiting for ``flush()``: each effect whose flags have ``NodeFlags/queued`` is here or
    /// in ``effectRound``, once; so are effects cancelled since they were queued, whose entries the
    /// flush skips (see ``QueuedEffect``). A scratch stack, like ``stagedInputs``: an array's copy
    /// and `removeAll(keepingCapacity:)` allocated a buffer at every flush.
    @exclusivity(unchecked) var effectQueue = ScratchStack<QueuedEffect>(capacity: 4)
    /// The effects of the flush round in progress, in creation order (see `Effect.swift`), and
    /// entries of effects cancelled since they were queued. Empty outside ``flush()``.
    @exclusivity(unchecked) var effectRound = ScratchStack<QueuedEffect>(capacity: 4)
    /// Whether ``flush()`` is running its rounds, so that a flush started from inside one (say, a
    /// teardown's `deinit`) leaves the queue to it.
    @exclusivity(unchecked) var isFlushing = false
    /// Whether ``effectQueue`` or ``effectRound`` may hold entries of effects cancelled since they
    /// were queued (see ``QueuedEffect``): set by such a cancellation and by any during a flush,
    /// cleared by a flush that took every entry and when the queue drops such entries. While it is
    /// clear, the flush runs each entry's effect without asking whether it is live.
    @exclusivity(unchecked) var queueHoldsCancelledEffects = false
    /// How many entries of cancelled effects the queue was left outside a flush since it last
    /// dropped them or a flush took every entry (``countCancelledQueueEntry()``).
    @exclusivity(unchecked) var cancelledQueueEntries = 0
    /// The creation number of the next effect, which goes on from the last graph that had
    /// ``anchor`` (see ``GraphAnchor``).
    @exclusivity(unchecked) var nextEffectSequence: Int
    /// The effects' closures and creation numbers (see `EffectTable.swift`).
    @exclusivity(unchecked) var effects = EffectTable()
    /// The values of the inputs, one store per value type (see `InputStore.swift`).
    @exclusivity(unchecked) var inputStores: [ObjectIdentifier: AnyInputStore] = [:]
    /// The store of ``inputStores`` used last, which making many inputs of one type finds without
    /// hashing. Not retained: ``inputStores`` holds it.
    @usableFromInline @exclusivity(unchecked) var lastInputStore: Unmanaged<AnyInputStore>?
    /// The rules' values and bodies: one store per value type for rules made from closures
    /// (`RuleStore.swift`), one per body type for rules with a stored body (`BodyRuleStore.swift`),
    /// each filed under its ``AnyRuleStore/key``.
    @exclusivity(unchecked) var ruleStores: [RuleStoreKey: AnyRuleStore] = [:]
    /// The store of ``ruleStores`` used last, which making many rules of one type finds without
    /// hashing. Not retained: ``ruleStores`` holds it.
    @usableFromInline @exclusivity(unchecked) var lastRuleStore: Unmanaged<AnyRuleStore>?
    /// Stores of ``ruleStores`` used recently, in pairs of slots chosen by the address of the
    /// metadata their key names (``recentTypeSlot(of:)``, see ``lookUpRuleStore(filedUnder:make:)``),
    /// which making rules of a few types in turn (a view layer's) finds without hashing; empty until
    /// a rule store is looked up past ``lastRuleStore``. Not retained: ``ruleStores`` holds them.
    @exclusivity(unchecked) var recentRuleStores: [Unmanaged<AnyRuleStore>?] = []
    /// What effect handles hold of the graph (see ``GraphAnchor``).
    let anchor = GraphAnchor.take()
    // Making a node or a subgraph touches the current subgraph, the subgraphs and the names:
    // exempt for the same reason (the checks cost a views-bench build about 2,000 instructions
    // per row of ten views).
    @exclusivity(unchecked) var subgraphTable: [Subgraph?] = [nil]
    @exclusivity(unchecked) var freeSubgraphIndices: [Int32] = []
    /// The current subgraph (see ``withCurrentSubgraph(_:_:)``), not retained: it is current only
    /// during a call that is handed it, whose caller keeps it alive. Holding it strongly cost every
    /// node made two retains and two releases, and every `withCurrentSubgraph` one of each, about
    /// 5,200 instructions per row of a views-bench build (callgrind).
    @exclusivity(unchecked) var currentSubgraphStorage: Unmanaged<Subgraph>?
    /// Teardowns requested while an evaluation was in progress, or while a written value was
    /// compared with `==`; run when it finishes (see ``defersTeardowns``).
    @usableFromInline @exclusivity(unchecked) var deferredTeardowns: [() -> Void] = []
    /// Whether a written input value is being compared with the input's value, whose `==` is the
    /// caller's code: a teardown it requests waits (see ``defersTeardowns``).
    @exclusivity(unchecked) @usableFromInline var isComparingWrittenValue = false
    /// How many subgraph teardowns are in progress: one may start another, or cancel an effect,
    /// from a `deinit` that its releases run (see ``tearDown(_:)``).
    @exclusivity(unchecked) var teardownDepth = 0
    @exclusivity(unchecked) var names: [String] = []
    @exclusivity(unchecked) var nameIndices: [String: Int32] = [:]
    /// Names interned recently, in slots chosen by their `String`'s two words (see ``intern(_:)``).
    @exclusivity(unchecked) var recentNames = [RecentName](repeating: RecentName(), count: 1024)
    /// Value types of rules and inputs made without a static `Equatable` conformance, with
    /// whether each is `Equatable` at run time (see ``dynamicEquality(for:)``).
    @exclusivity(unchecked) var recentTypes = [RecentType](
        repeating: RecentType(type: nil, equatable: nil), count: Graph.recentTypeSlots
    )
    var diagnosticLog: [Diagnostic] = []

    // The invariant checker's state (see `Graph+Invariants.swift`).
    /// Where the checker's next window of records starts, and the credit it has earned towards it.
    var invariantCheckCursor: Int32 = 0
    var invariantCheckCreditEarned = 0
    /// The marks and evaluations counted at the checker's last hooked check (see `checkInvariants()`).
    var invariantCheckWorkSeen = 0
    /// Edges read through a dependency cycle that may still be pending with a clean reader.
    /// Exempt from dynamic exclusivity checks like the state above: removing a node tests it, so a
    /// check would sit on every cancellation's path.
    @exclusivity(unchecked) var cyclicReadEdges: [CyclicReadEdge] = []
    /// The number of edges when the graph's statistics were last reset, which the edge counters
    /// count from.
    var edgesAtStatisticsReset = 0
    /// Whether every node's counters have counted its edges since it was made (not after a reset,
    /// nor when per-node statistics were turned on late).
    var nodeCountersCountEveryEdge: Bool

    let updateLock = NSRecursiveLock()
    /// The thread continuing a deep evaluation for the lock's owner, which waits for it (see
    /// `DeepEvaluation.swift`), or 0.
    let lockDelegate = Atomic<UInt>(0)

    /// How many rounds ``flush()`` runs effects that keep writing inputs before it gives up and
    /// reports ``Diagnostic/flushDidNotConverge(rounds:effects:)``.
    ///
    /// Exempt from dynamic exclusivity checks, like the batch state: every flush reads it, and the
    /// check cost a batch of one write and one flush about 75 instructions (callgrind).
    @exclusivity(unchecked) public var maximumFlushRounds = 100

    /// Called with every ``Diagnostic`` the graph reports. The default prints it to standard error.
    public var diagnosticHandler: @Sendable (Diagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data("Constraints: \(diagnostic)\n".utf8))
    }

    /// Creates an empty graph.
    ///
    /// - Parameter recordsNodeStatistics: keep per-node counters (see ``statistics(of:)``); they cost
    ///   40 bytes per node and a little time, so they are off unless asked for.
    public init(recordsNodeStatistics: Bool = false) {
        recordsNodeCounters = recordsNodeStatistics
        nodeCountersCountEveryEdge = recordsNodeStatistics
        if recordsNodeStatistics { nameCounters.append(NameStatistics()) }
        core = .allocate(capacity: 1)
        nextEffectSequence = anchor.firstSequence.load(ordering: .relaxed)
        core.initialize(to: GraphCore(graph: self))
        anchor.attach(self)
    }

    deinit {
        // Effect handles and subgraphs first let go of the graph: a value or body dropped below may release the last
        // reference to an object whose `deinit` destroys a subgraph, which must then find no graph
        // to tear down (this one is half gone).
        anchor.giveBack(nextEffectSequence: nextEffectSequence)
        detachSubgraphs()
        // Detaching drops each input's value (every store frees all its slots first, so that every
        // input handle sees its input gone), each rule's body and value, freeing its slot (so that
        // its handles see it gone), and the effects' closures, which may hold other nodes'
        // handles. The stores are released with the graph's fields (their pages and chunks go to
        // the pools).
        for store in inputStores.values { store.retireSlots() }
        for store in inputStores.values { store.dropValuesOfRetiredSlots() }
        for id in 0 ..< table.endIndex where !table[id].flags.contains(.input) {
            table[id].box?.takeUnretainedValue().detach(slot: table[id].slot)
        }
        effects.dropBodies()
        for id in 0 ..< table.endIndex {
            table[id].box = nil
            table[id].inputs.deallocate(in: &inputBlocks)
            table[id].outputs.deallocate(in: &outputBlocks)
        }
        table.deallocate()
        inputBlocks.deallocate()
        outputBlocks.deallocate()
        core.deinitialize(count: 1)
        core.deallocate()
        walkStack.deallocate()
        readScratch.deallocate()
        markStack.deallocate()
        stagedInputs.deallocate()
        effectQueue.deallocate()
        effectRound.deallocate()
        effects.deallocate()
        nodeCounters.deallocate()
        nameCounters.deallocate()
    }

    // MARK: Creating nodes

    /// Creates an input holding `value`.
    ///
    /// Writing ``Input/value`` marks the rules and effects that read it. `Equatable` values are
    /// compared with `==`, and writing an equal value does nothing.
    @inlinable
    public func input<Value>(_ value: Value, name: String? = nil) -> Input<Value> {
        let store = inputStore(of: Value.self) {
            InputStore<Value>(graph: self, isSame: dynamicEquality(for: Value.self), commit: InputStore<Value>.commit())
        }
        return store._withUnsafeGuaranteedRef { makeInput(value, in: $0, name: name) }
    }

    /// Creates an input holding an `Equatable` `value` (compared with `==`).
    @inlinable
    public func input<Value: Equatable>(_ value: Value, name: String? = nil) -> Input<Value> {
        let store = inputStore(of: Value.self) {
            InputStore<Value>(graph: self, isSame: { $0 == $1 }, commit: InputStore<Value>.equatableCommit())
        }
        return store._withUnsafeGuaranteedRef { makeInput(value, in: $0, name: name) }
    }

    /// The store of the inputs of type `Value`, made by `make` if there is none yet. The store used
    /// last is found without hashing. Not retained (the graph holds its stores): a retain and a
    /// release of it were a sixth of making an input.
    @inlinable @inline(__always)
    func inputStore<Value>(of type: Value.Type, make: () -> InputStore<Value>) -> Unmanaged<InputStore<Value>> {
        if let last = lastInputStore, last._withUnsafeGuaranteedRef({ $0.valueType == ObjectIdentifier(Value.self) }) {
            return last._withUnsafeGuaranteedRef { .passUnretained(unsafeDowncast($0, to: InputStore<Value>.self)) }
        }
        return inputStore(of: ObjectIdentifier(Value.self), make: make)._withUnsafeGuaranteedRef {
            .passUnretained(unsafeDowncast($0, to: InputStore<Value>.self))
        }
    }

    /// The store of the inputs of the value type `type` from ``inputStores`` (made by `make` if
    /// there is none yet), which becomes ``lastInputStore``.
    @usableFromInline
    func inputStore(of type: ObjectIdentifier, make: () -> AnyInputStore) -> Unmanaged<AnyInputStore> {
        let store: AnyInputStore
        if let found = inputStores[type] {
            store = found
        } else {
            store = make()
            inputStores[type] = store
        }
        lastInputStore = .passUnretained(store)
        return .passUnretained(store)
    }

    /// Makes an input holding `value` in a slot of `store`.
    @inlinable @inline(__always)
    func makeInput<Value>(_ value: Value, in store: InputStore<Value>, name: String?) -> Input<Value> {
        let (slot, entry) = store.makeSlot(holding: value)
        return Input(entry: entry, word: registerInput(store, slot: slot, entry: entry, name: name))
    }

    /// Creates a rule whose value is computed by `body` from the nodes it reads.
    ///
    /// Nothing runs until the rule is read. Every node `body` reads becomes an input edge of the
    /// rule, in read order, and edges it stops reading are dropped (dynamic dependencies). When the
    /// new value of an `Equatable` rule equals the old one, readers are not re-run (cutoff); this
    /// holds even where `Value` is only known to be `Equatable` at run time.
    ///
    /// A separate overload from ``rule(name:initialValue:requiresMainThread:_:)``, rather than a
    /// default `nil` for `initialValue`: in code generic over `Value` (a view layer's nodes of view
    /// types), passing that `nil` looked up `Optional<Value>`'s metadata for every rule made, about
    /// 11,800 instructions per row of a views-bench build (`views-bench instructions --build-per-row`: 5.3 % of the total).
    ///
    /// - Parameters:
    ///   - name: shown in dumps and diagnostics.
    ///   - requiresMainThread: the rule must run on the main thread; marks propagate this to the
    ///     nodes below it, see ``ValueState/mainThread``.
    @inlinable
    public func rule<Value>(
        name: String? = nil,
        requiresMainThread: Bool = false,
        _ body: @escaping () -> Value
    ) -> Rule<Value> {
        let store = ruleStore(filedUnder: RuleStoreKey(closuresOf: Value.self)) {
            RuleStore<Value>(graph: self, update: RuleStore<Value>.update(isSame: dynamicEquality(for: Value.self)))
        }
        return store._withUnsafeGuaranteedRef { makeRule(body, in: $0, name: name, requiresMainThread: requiresMainThread) }
    }

    /// Creates a rule of an `Equatable` value (compared with `==` for the cutoff).
    @inlinable
    public func rule<Value: Equatable>(
        name: String? = nil,
        requiresMainThread: Bool = false,
        _ body: @escaping () -> Value
    ) -> Rule<Value> {
        let store = ruleStore(filedUnder: RuleStoreKey(closuresOf: Value.self)) { RuleStore<Value>(graph: self, update: RuleStore<Value>.equatableUpdate()) }
        return store._withUnsafeGuaranteedRef { makeRule(body, in: $0, name: name, requiresMainThread: requiresMainThread) }
    }

    /// The store filed under `key` (see ``AnyRuleStore/key``), made by `make` if there is none
    /// yet: for rules made from closures, the store of the rules of a value type (its update
    /// function is that of the first rule of the type made, and all compare with `==` when the
    /// type is `Equatable`); for rules with a stored body, the store of a body type. The store
    /// used last is found without hashing. Unretained: the graph holds its stores, so making a rule
    /// borrows its store rather than retaining it.
    @inlinable @inline(__always)
    func ruleStore<Store: AnyRuleStore>(filedUnder key: RuleStoreKey, make: () -> Store) -> Unmanaged<Store> {
        if let last = lastRuleStore, last._withUnsafeGuaranteedRef({ $0.key == key }) {
            return last._withUnsafeGuaranteedRef { .passUnretained(unsafeDowncast($0, to: Store.self)) }
        }
        return .passUnretained(unsafeDowncast(lookUpRuleStore(filedUnder: key, make: make), to: Store.self))
    }

    /// The store filed under `key`, from ``recentRuleStores`` or ``ruleStores`` (made by `make`
    /// if there is none yet), which becomes ``lastRuleStore``.
    ///
    /// A key may be in either slot of its pair of ``recentRuleStores``; a store found only in the
    /// dictionary goes first and moves the first one second. Two keys used in turn that fall in
    /// the same pair then both stay, instead of displacing each other at every use: with one slot
    /// a key, whether a view layer's few dozen types collided depended on where the linker put
    /// their metadata, and a collision cost a views-bench build about 1,000 instructions per row
    /// of hashing.
    @usableFromInline
    func lookUpRuleStore(filedUnder key: RuleStoreKey, make: () -> AnyRuleStore) -> AnyRuleStore {
        if recentRuleStores.isEmpty { recentRuleStores = Array(repeating: nil, count: Graph.recentTypeSlots) }
        let first = Graph.recentTypeSlot(of: key.type) & ~1
        for slot in first ... first + 1 {
            if let recent = recentRuleStores[slot], recent._withUnsafeGuaranteedRef({ $0.key == key }) {
                lastRuleStore = recent
                return recent.takeUnretainedValue()
            }
        }
        let store: AnyRuleStore
        if let found = ruleStores[key] {
            store = found
        } else {
            store = make()
            ruleStores[key] = store
        }
        recentRuleStores[first + 1] = recentRuleStores[first]
        recentRuleStores[first] = .passUnretained(store)
        lastRuleStore = .passUnretained(store)
        return store
    }

    /// Makes a rule computed by `body` in a slot of `store`.
    @inlinable @inline(__always)
    func makeRule<Value>(_ body: @escaping () -> Value, in store: RuleStore<Value>, name: String?, requiresMainThread: Bool) -> Rule<Value> {
        let (slot, entry) = store.makeSlot(holding: body)
        let word = registerRule(store, slot: slot, name: name, requiresMainThread: requiresMainThread)
        return Rule(entry: entry, word: word)
    }

    /// Creates a rule, as ``rule(name:requiresMainThread:_:)`` does, with a value before its first
    /// run.
    ///
    /// - Parameters:
    ///   - name: shown in dumps and diagnostics.
    ///   - initialValue: the value a read returns if the rule is read while it is itself being
    ///     computed (a dependency cycle) before it ever produced a value. It counts as the rule's
    ///     value before its first run: a first run that computes an equal value is a cutoff. `nil`
    ///     gives the rule none.
    ///   - requiresMainThread: the rule must run on the main thread; marks propagate this to the
    ///     nodes below it, see ``ValueState/mainThread``.
    @inlinable
    public func rule<Value>(
        name: String? = nil,
        initialValue: Value?,
        requiresMainThread: Bool = false,
        _ body: @escaping () -> Value
    ) -> Rule<Value> {
        let rule: Rule<Value> = self.rule(name: name, requiresMainThread: requiresMainThread, body)
        if let initialValue { give(rule, initialValue: initialValue) }
        return rule
    }

    /// Creates a rule of an `Equatable` value (compared with `==` for the cutoff), with a value
    /// before its first run (see ``rule(name:initialValue:requiresMainThread:_:)``).
    @inlinable
    public func rule<Value: Equatable>(
        name: String? = nil,
        initialValue: Value?,
        requiresMainThread: Bool = false,
        _ body: @escaping () -> Value
    ) -> Rule<Value> {
        let rule: Rule<Value> = self.rule(name: name, requiresMainThread: requiresMainThread, body)
        if let initialValue { give(rule, initialValue: initialValue) }
        return rule
    }

    /// Creates an effect and runs it once now; ``flush()`` runs it again after anything it read
    /// changed. Effects may write inputs; one that writes something it read runs again until the
    /// values it reads stop changing.
    public func effect(
        name: String? = nil,
        requiresMainThread: Bool = false,
        _ body: consuming @escaping () -> Void
    ) -> Effect {
        let sequence = nextEffectSequence
        nextEffectSequence += 1
        var flags: NodeFlags = [.effect, .forceRun]
        if requiresMainThread { flags.insert(.requiresMainThread) }
        // No box: the closure goes to the effect table (see `EffectTable.swift`).
        let (id, memberPosition) = register(nil, flags: flags, name: name)
        table[id].slot = effects.allocate(body: body, sequence: sequence, node: id, memberPosition: memberPosition)
        watchStackFromHere()
        // A new effect must run, and has no inputs to bring up to date first.
        runDecidedNode(id, flags: flags, inlineEffect: true)
        return Effect(anchor: .passUnretained(anchor), nodeID: id, sequence: sequence)
    }

    /// Gives the input whose value is in `slot` of `store`, whose entry is `entry`, a node; returns
    /// the slot's word, which names it.
    @usableFromInline
    func registerInput(_ store: AnyInputStore, slot: Int32, entry: UnsafeMutableRawPointer, name: String?) -> UInt64 {
        let id = register(store, slot: slot, flags: [.input, .hasValue], changedAt: clock, name: name).id
        return store.assign(entry, to: id)
    }

    /// Gives the rule whose body is in `slot` of `store` a node; returns the slot's word, which
    /// names it.
    @usableFromInline
    func registerRule(_ store: AnyRuleStore, slot: Int32, name: String?, requiresMainThread: Bool) -> UInt64 {
        var flags: NodeFlags = .forceRun
        if requiresMainThread { flags.insert(.requiresMainThread) }
        let id = register(store, slot: slot, flags: flags, name: name).id
        return store.assign(slot, to: id)
    }

    /// Gives `rule`, which never ran, its `initialValue:` (see
    /// ``rule(name:initialValue:requiresMainThread:_:)``).
    @usableFromInline
    func give<Value>(_ rule: Rule<Value>, initialValue: Value) {
        RuleValue<Value>.store(initialValue: initialValue, at: rule.entry)
        table[Int32(truncatingIfNeeded: rule.word)].flags.insert(.hasInitialValue)
    }

    /// Gives a node in the table, with `flags` and `changedAt`, to a rule or an input in `slot` of
    /// its store (which the graph holds) or to an effect (`nil`, no store; its slot of the effect
    /// table is set by the caller); returns its id and where it is among the members of the
    /// subgraph it joined (-1 at the root).
    ///
    /// Always inlined, so that each caller's constant flags fold into its copy.
    @inline(__always)
    private func register(
        _ box: NodeStorage?, slot: Int32 = -1, flags: NodeFlags, changedAt: UInt64 = 0, name: String?
    ) -> (id: Int32, memberPosition: Int32) {
        var record = NodeRecord()
        record.flags = flags
        record.changedAt = changedAt
        record.slot = slot
        if let box { record.box = .passUnretained(box) }
        // Unwrapped here rather than with `map`, whose closure retained and released the graph and
        // the name: about 4,500 instructions per row of a views-bench build (callgrind).
        if let name { record.nameIndex = intern(name) }
        let subgraph = subgraphForNewMembers
        record.subgraph = subgraph?._withUnsafeGuaranteedRef { $0.index } ?? 0
        let id = table.allocate(record)
        let memberPosition = subgraph?._withUnsafeGuaranteedRef { $0.add(id) } ?? -1
        if recordsNodeCounters {
            resetNodeCounters(id)
            nameCounters[nameSlot(of: id)].nodesCreated += 1
        }
        return (id, memberPosition)
    }

    /// The index of `name` in ``names``, added if new.
    ///
    /// Names passed again as the same `String` value (a literal, or a name a caller made once and
    /// keeps passing) are found in a small cache by the string's two words, without hashing its
    /// text: a view layer names its nodes after long generic type names, and hashing one cost
    /// more than the rest of making a node. Equal words are the same string: a small string holds
    /// its bytes in them, a large one its length and the address of its storage, which the cache
    /// keeps alive (so the address cannot be reused for other bytes while it is cached). Equal
    /// strings with different words (two copies made separately) miss, and are hashed.
    ///
    /// The cache holds 512 pairs of slots, and a name may be in either slot of its pair; a new
    /// name goes first and moves the first one second. Names used in turn that fall in the same
    /// slot (as a few of a list row's some 40 names did among 256 slots) then stay cached,
    /// instead of displacing each other at every use, which hashed about 8 long names per row of
    /// a views-bench build.
    private func intern(_ name: String) -> Int32 {
        assert(MemoryLayout<String>.size == 16, "Constraints: intern(_:) reads a String as two words")
        let words = unsafeBitCast(name, to: (UInt64, UInt64).self)
        let mixed = ((words.0 &* 0x9E37_79B9_7F4A_7C15) ^ words.1) &* 0x9E37_79B9_7F4A_7C15
        let first = Int(truncatingIfNeeded: mixed >> 55) &* 2  // 0, 2, … 1022
        if let index = recentNames[first].index(ofNameWith: words) { return index }
        if let index = recentNames[first + 1].index(ofNameWith: words) { return index }
        let index = internByValue(name)
        recentNames[first + 1] = recentNames[first]
        recentNames[first] = RecentName(words: words, index: index, name: name)
        return index
    }

    /// A slot of ``recentNames``: a name's two words, its index in ``names`` (-1 for an empty
    /// slot), and the name itself, kept alive so that its storage's address is not reused.
    struct RecentName {
        var words: (UInt64, UInt64) = (0, 0)
        var index: Int32 = -1
        var name = ""

        /// The index of the name held here, if its words are `words`.
        @inline(__always)
        func index(ofNameWith words: (UInt64, UInt64)) -> Int32? {
            index >= 0 && self.words.0 == words.0 && self.words.1 == words.1 ? index : nil
        }
    }

    private func internByValue(_ name: String) -> Int32 {
        if let index = nameIndices[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndices[name] = index
        if recordsNodeCounters { nameCounters.append(NameStatistics()) }
        return index
    }

    // MARK: Batches and locking

    /// Runs `body` with input writes staged, then applies them together.
    ///
    /// Each written input is compared with its value before the batch, so a value written and then
    /// restored within the batch changes nothing. Reading an input inside the batch (outside any
    /// rule) returns the staged value; rules keep seeing the committed values until the batch ends.
    /// Batches nest; the outermost one applies the writes.
    ///
    /// Inlinable, so that `body` and the writes in it are inlined into the caller, and `Result` is
    /// specialised rather than passed as generic metadata.
    @inlinable
    public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { commitStagedWrites() }
        }
        return try body()
    }

    /// Runs `body` holding the graph's update lock. Re-entrant.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        // A thread continuing a deep evaluation for the lock's owner, which waits for it, holds
        // the lock on its behalf.
        if isContinuingEvaluationForLockOwner { return try body() }
        updateLock.lock()
        defer { updateLock.unlock() }
        return try body()
    }

    // MARK: Introspection

    /// Number of live nodes.
    public var nodeCount: Int { table.liveCount }

    /// Whether an evaluation (a read that runs closures, or a flush) is in progress.
    public var isUpdating: Bool { !walkStack.isEmpty }

    /// Whether a subgraph's teardown requested now must wait: during an evaluation, so that no node
    /// disappears from under it, and while a written value is compared with `==` (and, in a
    /// batch's commit, until every staged write is applied), so that the write, which goes on after
    /// `==` returns, finds its input's slot (an `==` that destroys the input's own subgraph would
    /// otherwise have the write store into a freed slot, or into the node a `deinit` made there).
    @usableFromInline
    var defersTeardowns: Bool { isUpdating || isComparingWrittenValue }

    /// Runs the teardowns that waited (see ``defersTeardowns``), in order, each leaving the list
    /// only when it runs: the subgraphs of those still waiting are destroyed but not yet torn down,
    /// which the invariant checker allows while they wait. While a written value is compared, they
    /// wait on, even at the end of an evaluation that its `==` started.
    @usableFromInline
    func runDeferredTeardowns() {
        if isComparingWrittenValue { return }
        while !deferredTeardowns.isEmpty { deferredTeardowns.removeFirst()() }
    }

    func name(of id: Int32) -> String {
        let record = table[id]
        if record.nameIndex >= 0 { return names[Int(record.nameIndex)] }
        let kind = record.flags.contains(.input) ? "input" : record.flags.contains(.effect) ? "effect" : "rule"
        return "\(kind)#\(id)"
    }
}
