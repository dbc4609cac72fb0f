/// The entries of a graph's rules whose body is a ``RuleBody`` of type `Body` (see
/// ``AnyRuleStore``): each is a ``RuleEntryHeader``, the value (``RuleValue``) and the body itself
/// at ``bodyOffset``, so that such a rule has no heap object of its own (a closure's captures
/// would be in a context allocated for each rule).
///
/// The body is initialised exactly in the slots that hold a rule: making a rule initialises it,
/// destroying one moves it out. The store is filed under its body type (``RuleStoreKey``).
@usableFromInline
final class BodyRuleStore<Body: RuleBody>: AnyRuleStore {
    @usableFromInline
    typealias Value = Body.Value

    @usableFromInline
    init(graph: Graph, update: @escaping (AnyRuleStore, Int) -> Bool) {
        // Checked here, once per store, in every build: each part is aligned for its type, and
        // none overlaps the next.
        precondition(RuleValue<Value>.offset >= MemoryLayout<RuleEntryHeader>.size && RuleValue<Value>.offset % MemoryLayout<Value>.alignment == 0
            && Self.bodyOffset >= RuleValue<Value>.offset + MemoryLayout<Value>.size && Self.bodyOffset % MemoryLayout<Body>.alignment == 0
            && Self.entryStride >= Self.bodyOffset + MemoryLayout<Body>.size && Self.entryStride % Self.entryAlignment == 0
            && Self.entryAlignment % MemoryLayout<Value>.alignment == 0 && Self.entryAlignment % MemoryLayout<Body>.alignment == 0
            && Self.entryAlignment % MemoryLayout<RuleEntryHeader>.alignment == 0,
            "Constraints: the entry layout of a \(Self.self) does not fit its parts")
        super.init(graph: graph, key: RuleStoreKey(bodiesOf: Body.self), stride: Self.entryStride,
                   alignment: Self.entryAlignment, update: update)
    }

    deinit {
        detachLiveSlots()
    }

    override func initializeBodies(inChunkAt chunk: UnsafeMutableRawPointer) {
        for index in 0 ..< Self.chunkSize {
            let entry = chunk + index * stride
            // Bound, not only assumed: a pooled chunk may have held another store's entries, whose
            // values and bodies lay at other offsets. A free entry's body stays uninitialised.
            (entry + RuleValue<Value>.offset).bindMemory(to: Value.self, capacity: 1)
            (entry + Self.bodyOffset).bindMemory(to: Body.self, capacity: 1)
        }
    }

    /// Where an entry's body lies: after the value, aligned for `Body`.
    @inlinable
    static var bodyOffset: Int {
        @inline(__always) get { roundUp(RuleValue<Value>.offset + MemoryLayout<Value>.size, to: MemoryLayout<Body>.alignment) }
    }

    /// The alignment of entries: the largest of their parts'.
    @inlinable
    static var entryAlignment: Int {
        @inline(__always) get { max(MemoryLayout<RuleEntryHeader>.alignment, MemoryLayout<Value>.alignment, MemoryLayout<Body>.alignment) }
    }

    /// Bytes from one entry to the next.
    @inlinable
    static var entryStride: Int {
        @inline(__always) get { roundUp(bodyOffset + MemoryLayout<Body>.size, to: entryAlignment) }
    }

    /// The body of the entry at `entry` (initialised only while the entry holds a rule).
    @inlinable @inline(__always)
    static func bodyAddress(_ entry: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Body> {
        (entry + bodyOffset).assumingMemoryBound(to: Body.self)
    }

    /// Computes the value of the rule at `entry` from its body, read where it lies. Sound for the
    /// reason a closure rule's run is (``RuleStore/runBody(at:)``): nothing writes a rule's body
    /// while it runs.
    @inlinable @inline(__always)
    static func runBody(at entry: UnsafeMutableRawPointer) -> Value {
        bodyAddress(entry).pointee.value
    }

    /// The update function (see ``AnyRuleStore/update``) of a store whose cutoff is decided by
    /// `isSame` (`nil`: every run is a change), as ``RuleStore/update(isSame:)`` for closures.
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
    override func detach(slot: Int32) {
        let entry = entry(at: slot)
        let body = Self.bodyAddress(entry).move()
        RuleValue<Value>.drop(at: entry) { free(slot) }
        // Inlined, where `withExtendedLifetime` is a call that takes the body type's metadata.
        _fixLifetime(body)
    }

    override func valueDescription(slot: Int32) -> String {
        node(in: slot) >= 0 ? RuleValue<Value>.description(at: entry(at: slot)) : "nil"
    }

    override var valueTypeName: String { String(describing: Value.self) }
}
