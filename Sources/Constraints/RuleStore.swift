/// The rules of a graph of one value type made from closures (``RuleStore``), or of one body type
/// (``BodyRuleStore``), each in an *entry* of this store that its node's record names
/// (``NodeRecord/slot``): the graph keeps one store per value or body type
/// (``Graph/ruleStore(filedUnder:make:)``) rather than a heap object per rule, so that a rule's
/// only heap object is its closure's context (none when the closure captures nothing, and none for
/// a stored body).
///
/// An entry holds a ``RuleEntryHeader`` (the slot's word, its *sequence* and the rule's node id as
/// in ``AnyInputStore``; the graph's core; whether it holds a value), the rule's value
/// (``RuleValue``) and its body. Entries live in chunks of ``chunkSize`` that never
/// move (a new chunk is added when all are taken; slots of destroyed rules are reused; a table maps
/// each slot to its entry), and whose memory is never freed: a store that goes gives its chunks to
/// ``BlockPool``, for the next store of entries of their size and alignment, with their words.
/// So a ``Rule`` handle is the entry's address and the word it had when the rule was made,
/// and holds nothing: its entry's memory outlives it, and the entry holds its rule exactly while
/// the words are equal (a freed slot's sequence moves on, in whatever store the chunk is). A read
/// loads the entry's word, core and value, none of which waits for another.
///
/// The entry's layout is the subclass's own, computed from `MemoryLayout` (``RuleValue/offset``,
/// ``RuleStore/bodyOffset``, ``RuleStore/entryStride``, and the same of ``BodyRuleStore``) and
/// checked when the store is made, in every build. A free slot's word has node id -1, and its value
/// is uninitialised.
///
/// This base class is what code that does not know the value type uses (the node table's record
/// holds it, not retained: the graph's ``Graph/ruleStores`` keeps it alive); the subclasses know
/// the entries' types.
@usableFromInline
class AnyRuleStore: NodeStorage {
    /// The graph's core, which every entry's header holds for inlined reads.
    final let core: UnsafeMutablePointer<GraphCore>
    /// What the graph files this store under (``Graph/ruleStores``), which tells it from the
    /// graph's others (see ``RuleStoreKey``).
    @usableFromInline
    final let key: RuleStoreKey
    /// Runs the body of the rule in a slot (passed as an `Int`, which the caller widens from the
    /// record's slot as it loads it) and stores its value; returns whether the value changed:
    /// always when there was no value before, and a rule's `initialValue:` counts as its value
    /// before its first run.
    ///
    /// A `let` built where the store is made (``RuleStore/update(isSame:)``,
    /// ``RuleStore/equatableUpdate()``, and the same of ``BodyRuleStore``), so that a run calls it without retaining anything and
    /// computes, compares and stores the value as code specialised for the value type when that
    /// type is known there.
    final let update: (AnyRuleStore, Int) -> Bool
    /// Bytes from one entry to the next (``RuleStore/entryStride``, ``BodyRuleStore/entryStride``).
    @usableFromInline
    final let stride: Int
    /// The size and alignment of a chunk (``RuleStore/entryAlignment``,
    /// ``BodyRuleStore/entryAlignment``), which the pool files it under.
    final let chunkKind: BlockPool.Kind
    /// The address of each slot's entry, up to ``endIndex``: a run finds its rule's entry with one
    /// load, where finding its chunk and the place in it took six more instructions. This table
    /// moves as it grows; the entries it points at do not.
    @usableFromInline @exclusivity(unchecked)
    final var entries: UnsafeMutablePointer<UnsafeMutableRawPointer>
    @exclusivity(unchecked)
    final var entryCapacity: Int
    /// The chunks of entries, each holding ``chunkSize``; the first ``chunkCount`` are allocated.
    @exclusivity(unchecked)
    final var chunks: UnsafeMutablePointer<UnsafeMutableRawPointer>
    @exclusivity(unchecked)
    final var chunkCount = 0
    @exclusivity(unchecked)
    final var chunkCapacity: Int
    /// One past the highest slot ever handed out.
    @usableFromInline @exclusivity(unchecked)
    final var endIndex: Int32 = 0
    /// The slots freed by destroyed rules, to reuse.
    @usableFromInline @exclusivity(unchecked)
    final var freeSlots = ScratchStack<Int32>(capacity: 4)

    /// Entries per chunk, a power of two (``chunkShift``).
    @usableFromInline
    static var chunkSize: Int { 1 << chunkShift }
    @usableFromInline
    static var chunkShift: Int { 5 }

    @usableFromInline
    init(graph: Graph, key: RuleStoreKey, stride: Int, alignment: Int, update: @escaping (AnyRuleStore, Int) -> Bool) {
        self.core = graph.core
        self.key = key
        self.update = update
        self.stride = stride
        chunkKind = BlockPool.Kind(use: .ruleChunk, size: stride * Self.chunkSize, alignment: alignment)
        chunkCapacity = 4
        chunks = .allocate(capacity: chunkCapacity)
        entryCapacity = Self.chunkSize
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        BlockPool.give(UnsafeBufferPointer(start: chunks, count: chunkCount), of: chunkKind)
        chunks.deallocate()
        entries.deallocate()
        freeSlots.deallocate()
    }

    /// The address of `slot`'s entry.
    @inlinable @inline(__always)
    final func entry(at slot: Int32) -> UnsafeMutableRawPointer {
        assert(slot >= 0 && slot < endIndex, "Constraints: a rule store's slot is one it handed out")
        return entries[Int(slot)]
    }

    /// The header of the entry at `entry`.
    @inlinable @inline(__always)
    static func header(_ entry: UnsafeMutableRawPointer) -> UnsafeMutablePointer<RuleEntryHeader> {
        entry.assumingMemoryBound(to: RuleEntryHeader.self)
    }

    /// The node id of the rule in `slot`, or -1 for a free slot.
    final func node(in slot: Int32) -> Int32 {
        Int32(truncatingIfNeeded: Self.header(entry(at: slot)).pointee.word)
    }

    /// Takes a free slot (or a new one) for a rule the caller stores a body in next; returns it
    /// and its entry.
    @inlinable @inline(__always)
    final func takeSlot() -> (slot: Int32, entry: UnsafeMutableRawPointer) {
        if let slot = freeSlots.popLast() { return (slot, entry(at: slot)) }
        return takeNewSlot()
    }

    /// Takes the slot after the last one handed out, adding a chunk if all are taken.
    @usableFromInline
    final func takeNewSlot() -> (slot: Int32, entry: UnsafeMutableRawPointer) {
        if Int(endIndex) == chunkCount &<< Self.chunkShift { addChunk() }
        let slot = endIndex
        let entry = chunks[Int(slot) &>> Self.chunkShift] + (Int(slot) & (Self.chunkSize &- 1)) * stride
        (entries + Int(slot)).initialize(to: entry)
        endIndex += 1
        return (slot, entry)
    }

    /// Adds a chunk of entries; the chunks before it stay where they are.
    private func addChunk() {
        if chunkCount == chunkCapacity {
            let moved = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: chunkCapacity * 2)
            moved.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = moved
            chunkCapacity *= 2
        }
        let chunk: UnsafeMutableRawPointer
        if let pooled = BlockPool.take(chunkKind) {
            // Its words keep their sequences, which the handles of its former rules hold.
            chunk = pooled
            for index in 0 ..< Self.chunkSize {
                let header = Self.header(chunk + index * stride)
                header.pointee.core = core
                header.pointee.holdsValue = false
            }
        } else {
            chunk = .allocate(byteCount: chunkKind.size, alignment: chunkKind.alignment)
            for index in 0 ..< Self.chunkSize {
                let header = (chunk + index * stride).bindMemory(to: RuleEntryHeader.self, capacity: 1)
                header.initialize(to: RuleEntryHeader(word: Self.word(sequence: 0, node: -1), core: core, holdsValue: false))
            }
        }
        (chunks + chunkCount).initialize(to: chunk)
        chunkCount += 1
        initializeBodies(inChunkAt: chunk)
        if chunkCount &<< Self.chunkShift > entryCapacity {
            let moved = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: entryCapacity * 2)
            moved.moveInitialize(from: entries, count: Int(endIndex))
            entries.deallocate()
            entries = moved
            entryCapacity *= 2
        }
    }

    /// Records that the rule in `slot` is node `id`; returns the slot's word.
    final func assign(_ slot: Int32, to id: Int32) -> UInt64 {
        let header = Self.header(entry(at: slot))
        let word = Self.word(header.pointee.word, naming: id)
        header.pointee.word = word
        return word
    }

    /// Frees `slot` for reuse: a new sequence, so that the handles of its rule see it gone. Its
    /// value and body were moved out.
    final func free(_ slot: Int32) {
        let header = Self.header(entry(at: slot))
        header.pointee = RuleEntryHeader(word: Self.nextWord(after: header.pointee.word, naming: -1), core: core, holdsValue: false)
        freeSlots.append(slot)
    }

    /// Detaches every slot that still holds a rule, as a store goes (see ``detach(slot:)``). The
    /// graph detaches its rules before its stores go; a rule still live here would be detached
    /// now, so that its handles see it gone before the chunk goes to the pool. Each subclass's
    /// `deinit` calls it, while its own properties (a closure store's vacant body) still exist.
    final func detachLiveSlots() {
        for slot in 0 ..< endIndex where node(in: slot) >= 0 { detach(slot: slot) }
    }

    /// Binds every entry of a new chunk (or one from the pool, which holds none) to the store's
    /// value and body types; a closure store also gives each a body that no rule has (see
    /// ``RuleStore``), where a body store leaves a free entry's body uninitialised.
    func initializeBodies(inChunkAt chunk: UnsafeMutableRawPointer) { fatalError("abstract") }

    override func holdsValue(slot: Int32) -> Bool { Self.header(entry(at: slot)).pointee.holdsValue }
}

/// The start of a rule's entry in its ``AnyRuleStore``: the slot's word (see
/// ``NodeStorage/word(sequence:node:)``), the graph's core (which a handle's read uses, having no
/// store) and whether the entry holds a value (the rule ran or was given an `initialValue:`, and
/// its cutoff is not comparing a new value with the old one).
@usableFromInline
struct RuleEntryHeader {
    @usableFromInline var word: UInt64
    @usableFromInline var core: UnsafeMutablePointer<GraphCore>
    @usableFromInline var holdsValue: Bool

    @usableFromInline
    init(word: UInt64, core: UnsafeMutablePointer<GraphCore>, holdsValue: Bool) {
        self.word = word
        self.core = core
        self.holdsValue = holdsValue
    }
}

/// The entries of a graph's rules of type `Value` made from a closure (see ``AnyRuleStore``):
/// each is a ``RuleEntryHeader``, the value (``RuleValue``) and the body at ``bodyOffset``.
///
/// Every entry of a chunk holds a body from the chunk's allocation on: its rule's, or in a free
/// slot ``vacantBody``, which captures nothing. So making and destroying a rule replace a body by
/// assignment, which code generic over `Value` (a view layer's) does without looking up the
/// metadata of `() -> Value`, where initialising or moving one looks it up, about 300 instructions
/// each (callgrind).
@usableFromInline
final class RuleStore<Value>: AnyRuleStore {
    /// The body of the entries that hold no rule; it is never called.
    @usableFromInline
    let vacantBody: () -> Value = { fatalError("Constraints: the body of a destroyed rule ran") }

    @usableFromInline
    init(graph: Graph, update: @escaping (AnyRuleStore, Int) -> Bool) {
        // The offsets are computed from the sizes and alignments of the parts, with a body's taken
        // from `ClosureBody<Void>` (function values all have one layout), so that code generic over
        // `Value` finds them without the metadata of `ClosureBody<Value>`. Checked here, once per
        // store, in every build: each part is aligned for its type, and none overlaps the next.
        let body = MemoryLayout<ClosureBody<Value>>.self
        precondition(body.size == Self.bodySize && body.alignment == Self.bodyAlignment
            && RuleValue<Value>.offset >= MemoryLayout<RuleEntryHeader>.size && RuleValue<Value>.offset % MemoryLayout<Value>.alignment == 0
            && Self.bodyOffset >= RuleValue<Value>.offset + MemoryLayout<Value>.size && Self.bodyOffset % body.alignment == 0
            && Self.entryStride >= Self.bodyOffset + body.size && Self.entryStride % Self.entryAlignment == 0
            && Self.entryAlignment % MemoryLayout<Value>.alignment == 0 && Self.entryAlignment % MemoryLayout<RuleEntryHeader>.alignment == 0,
            "Constraints: the entry layout of a \(Self.self) does not fit its parts")
        super.init(graph: graph, key: RuleStoreKey(closuresOf: Value.self), stride: Self.entryStride, alignment: Self.entryAlignment,
                   update: update)
    }

    deinit {
        detachLiveSlots()
        for chunk in 0 ..< chunkCount { Self.deinitializeBodies(ClosureBody<Value>.self, inChunkAt: chunks[chunk], stride: stride) }
    }

    /// Deinitialises the bodies of a chunk's entries, `Body` being `ClosureBody<Value>`: handed the
    /// type, the loop looks its metadata up once, where code generic over `Value` naming
    /// `ClosureBody<Value>` in the loop looked it up for every entry (about 330 instructions each).
    private static func deinitializeBodies<Body: ~Copyable>(_ type: Body.Type, inChunkAt chunk: UnsafeMutableRawPointer, stride: Int) {
        for index in 0 ..< chunkSize { (chunk + index * stride + bodyOffset).assumingMemoryBound(to: Body.self).deinitialize(count: 1) }
    }

    override func initializeBodies(inChunkAt chunk: UnsafeMutableRawPointer) {
        for index in 0 ..< Self.chunkSize {
            let entry = chunk + index * stride
            // Bound, not only assumed: a pooled chunk may have held another value type's entries,
            // whose values and bodies lay at other offsets.
            (entry + RuleValue<Value>.offset).bindMemory(to: Value.self, capacity: 1)
            (entry + Self.bodyOffset).bindMemory(to: ClosureBody<Value>.self, capacity: 1).initialize(to: ClosureBody(vacantBody))
        }
    }

    @inlinable
    static var bodySize: Int { MemoryLayout<ClosureBody<Void>>.size }
    @inlinable
    static var bodyAlignment: Int { MemoryLayout<ClosureBody<Void>>.alignment }

    /// Where an entry's body lies: after the value, aligned for a function.
    @inlinable
    static var bodyOffset: Int {
        @inline(__always) get { roundUp(RuleValue<Value>.offset + MemoryLayout<Value>.size, to: bodyAlignment) }
    }

    /// The alignment of entries: the largest of their parts'.
    @inlinable
    static var entryAlignment: Int {
        @inline(__always) get { max(MemoryLayout<RuleEntryHeader>.alignment, MemoryLayout<Value>.alignment, bodyAlignment) }
    }

    /// Bytes from one entry to the next.
    @inlinable
    static var entryStride: Int {
        @inline(__always) get { roundUp(bodyOffset + bodySize, to: entryAlignment) }
    }

    /// The body of the entry at `entry`.
    @inlinable @inline(__always)
    static func bodyAddress(_ entry: UnsafeMutableRawPointer) -> UnsafeMutablePointer<ClosureBody<Value>> {
        (entry + bodyOffset).assumingMemoryBound(to: ClosureBody<Value>.self)
    }

    /// A new slot holding `body` (in place of ``vacantBody``) and no value, not yet assigned to a
    /// node.
    @inlinable @inline(__always)
    func makeSlot(holding body: @escaping () -> Value) -> (slot: Int32, entry: UnsafeMutableRawPointer) {
        let taken = takeSlot()
        Self.bodyAddress(taken.entry).pointee = ClosureBody(body)
        return taken
    }

    /// Runs the body of the rule at `entry`.
    ///
    /// The call borrows the body where it lies: no copy, so no retain and release of its context
    /// around the call, and nothing to put back. That is sound because nothing writes the entry's
    /// body while the rule runs: only making a rule (in a free entry) and destroying one do, and a
    /// rule is not destroyed while it runs (teardowns during an evaluation wait for it to end;
    /// ``Graph/detachNode(_:)`` checks, in every build, that the node it destroys is not on the
    /// walk's stack).
    @inlinable @inline(__always)
    static func runBody(at entry: UnsafeMutableRawPointer) -> Value {
        bodyAddress(entry).pointee.call()
    }

    /// The update function (see ``AnyRuleStore/update``) of a store whose cutoff is decided by
    /// `isSame` (`nil`: every run is a change).
    ///
    /// Made once per store, often in code generic over `Value` (a view layer's nodes of view
    /// types, whose `Equatable` conformance is found at run time: ``Graph/dynamicEquality(for:)``).
    /// Each kind of store writes its own (``BodyRuleStore/update(isSame:)``): shared through a
    /// protocol, such code found `runBody` and the value type through witness tables at every
    /// run, about 1,200 instructions per row of a views-bench build.
    @inlinable
    static func update(isSame: ((Value, Value) -> Bool)?) -> (AnyRuleStore, Int) -> Bool {
        guard let isSame else {
            return { store, slot in
                let entry = store.entries[slot]
                RuleValue.store(runBody(at: entry), at: entry)
                return true
            }
        }
        return { store, slot in
            let entry = store.entries[slot]
            let new = runBody(at: entry)
            if RuleValue.holds(new, at: entry, by: isSame) { return false }
            RuleValue.store(new, at: entry)
            return true
        }
    }

    /// The update function of a store of `Equatable` values: the cutoff compares with `==`.
    @inlinable
    static func equatableUpdate() -> (AnyRuleStore, Int) -> Bool where Value: Equatable {
        { store, slot in
            let entry = store.entries[slot]
            return RuleValue.store(runBody(at: entry), unlessEqualAt: entry)
        }
    }

    /// Frees the slot of a destroyed rule and drops its value and body, last, so that code their
    /// release runs (a `deinit`) finds the slot free; a value or body holding other nodes' handles
    /// must not keep them alive.
    ///
    /// It names no type whose metadata code generic over `Value` would look up for every rule
    /// destroyed (about 300 to 400 instructions each): no `Optional` or tuple of the two, no move
    /// of a `ClosureBody<Value>` (the body is kept by a copy of its closure, a retain, and the
    /// entry's replaced by assignment), and no generic call on the closure (`_fixLifetime`,
    /// inlined, keeps it alive where `withExtendedLifetime`, a call, took the metadata of
    /// `() -> Value`).
    override func detach(slot: Int32) {
        let entry = entry(at: slot)
        let body = Self.bodyAddress(entry).pointee.body
        Self.bodyAddress(entry).pointee = ClosureBody(vacantBody)
        RuleValue<Value>.drop(at: entry) { free(slot) }
        _fixLifetime(body)
    }

    override func valueDescription(slot: Int32) -> String {
        node(in: slot) >= 0 ? RuleValue<Value>.description(at: entry(at: slot)) : "nil"
    }

    override var valueTypeName: String { String(describing: Value.self) }
}

/// A rule's closure, as its entry holds it. Noncopyable, so that a run calls it borrowed from the
/// entry (``RuleStore/runBody(at:)``): a copy would retain and release its context around the call.
@usableFromInline
struct ClosureBody<Value>: ~Copyable {
    @usableFromInline
    let body: () -> Value

    @inlinable @inline(__always)
    init(_ body: @escaping () -> Value) { self.body = body }

    /// Runs the body.
    @inlinable @inline(__always)
    func call() -> Value { body() }
}

/// What a graph files a rule store under: the value type for a store of rules made from closures
/// (``RuleStore``), the body type for a store of rules with a stored body (``BodyRuleStore``), and
/// which of the two kinds it is, so that a body type that is also some closure rule's value type
/// names two stores.
///
/// A body store is filed under its body type rather than its own class: code generic over the
/// body (a view layer's) has the body type's metadata at hand, where the class's would be looked up
/// at every rule made.
@usableFromInline
struct RuleStoreKey: Hashable {
    /// The value type, or the body type.
    @usableFromInline let type: ObjectIdentifier
    /// Whether the store holds rules with stored bodies.
    @usableFromInline let holdsBodies: Bool

    /// The key of the store of closure rules of `Value`.
    @inlinable
    init<Value>(closuresOf _: Value.Type) {
        (type, holdsBodies) = (ObjectIdentifier(Value.self), false)
    }

    /// The key of the store of rules whose body is of type `Body`.
    @inlinable
    init<Body: RuleBody>(bodiesOf _: Body.Type) {
        (type, holdsBodies) = (ObjectIdentifier(Body.self), true)
    }

    /// Written out, so that ``Graph/ruleStore(filedUnder:make:)`` inlines it (the synthesized one
    /// is not inlinable). Compares every field, as the synthesized `hash(into:)` hashes them.
    @inlinable
    static func == (lhs: RuleStoreKey, rhs: RuleStoreKey) -> Bool {
        lhs.type == rhs.type && lhs.holdsBodies == rhs.holdsBodies
    }
}
