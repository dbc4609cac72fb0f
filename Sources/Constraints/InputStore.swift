/// The values of a graph's inputs of one value type, each in a slot that its node's record names
/// (``NodeRecord/slot``): the graph keeps one store per value type (``Graph/inputStore(of:make:)``)
/// rather than a heap object per input, so that making an input allocates nothing in the steady
/// state (the buffers grow by doubling, and the slots of destroyed inputs are reused).
///
/// A slot holds the input's value, its staged value (a write not committed yet: inside a batch,
/// or from inside a rule's evaluation) and a word that packs the slot's *sequence* with the
/// input's node id (``word(sequence:node:)``). The sequence counts the inputs the slot held: it
/// changes whenever the slot is freed, so that an ``Input`` handle, which holds the store, the slot
/// and the slot's word when the input was made, tells with one load and compare whether its input
/// still exists, after the slot was reused and after the graph is gone (the graph frees every slot
/// as it goes). A free slot's word has node id -1.
///
/// This base class is what code that does not know the value type uses (the node table's record
/// holds it, not retained: the graph's ``Graph/inputStores`` keeps it alive, and so do the
/// handles); ``InputStore`` holds the typed buffers.
@usableFromInline
class AnyInputStore: NodeStorage {
    /// The graph's core, which inlined reads use (see ``RuleBox/core``); dangling once the graph
    /// is gone, when no slot is live, so no handle reaches it.
    @usableFromInline
    final let core: UnsafeMutablePointer<GraphCore>
    /// Each slot's sequence and node id (see ``word(sequence:node:)``); initialised up to
    /// ``endIndex``: a slot's word is set when the slot is first handed out.
    @usableFromInline @exclusivity(unchecked)
    final var words: UnsafeMutablePointer<UInt64>
    /// The value type, which tells this store from the graph's others.
    @usableFromInline
    final let valueType: ObjectIdentifier
    /// Commits the staged value of a slot, unless it equals the value; returns whether the value
    /// changed. A `let` built where the store is made, like a node box's update function, so that
    /// it is specialised for the value type (see ``InputStore/commit()``).
    final let commit: (AnyInputStore, Int32) -> Bool
    @usableFromInline @exclusivity(unchecked)
    final var capacity: Int
    /// One past the highest slot ever handed out.
    @usableFromInline @exclusivity(unchecked)
    final var endIndex: Int32 = 0
    /// The slots freed by destroyed inputs, to reuse.
    @usableFromInline @exclusivity(unchecked)
    final var freeSlots = ScratchStack<Int32>(capacity: 4)

    @usableFromInline
    init(graph: Graph, valueType: ObjectIdentifier, capacity: Int, commit: @escaping (AnyInputStore, Int32) -> Bool) {
        self.core = graph.core
        self.valueType = valueType
        self.commit = commit
        self.capacity = capacity
        words = .allocate(capacity: capacity)
    }

    deinit {
        words.deinitialize(count: Int(endIndex))
        words.deallocate()
        freeSlots.deallocate()
    }

    /// A slot's word: its sequence in the high half, the node id of its input (-1 if free) in the
    /// low half.
    @inlinable @inline(__always)
    static func word(sequence: UInt32, node: Int32) -> UInt64 {
        UInt64(sequence) << 32 | UInt64(UInt32(bitPattern: node))
    }

    /// The sequence of `slot`: that of the input it holds, or of the next one it will hold.
    @inlinable @inline(__always)
    final func sequence(of slot: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: words[Int(slot)] >> 32)
    }

    /// The node id of the input in `slot`, or -1 for a free slot.
    @inlinable @inline(__always)
    final func node(in slot: Int32) -> Int32 {
        Int32(truncatingIfNeeded: words[Int(slot)])
    }

    /// Whether `slot` still holds the input it held when its word was `word`.
    @inlinable @inline(__always)
    final func holds(_ slot: Int32, word: UInt64) -> Bool {
        words[Int(slot)] == word
    }

    /// The node id of the input in `slot` if the slot's word is still `word`, the one it had when
    /// the input was made, else -1.
    @inlinable @inline(__always)
    final func node(in slot: Int32, word: UInt64) -> Int32 {
        holds(slot, word: word) ? Int32(truncatingIfNeeded: word) : -1
    }

    /// Takes a free slot (or a new one) for an input the caller stores a value in next.
    @inlinable @inline(__always)
    final func takeSlot() -> Int32 {
        if let slot = freeSlots.popLast() { return slot }
        if Int(endIndex) == capacity { grow() }
        let slot = endIndex
        (words + Int(slot)).initialize(to: Self.word(sequence: 0, node: -1))
        endIndex += 1
        return slot
    }

    /// Records that the input in `slot` is node `id`; returns the slot's word.
    final func assign(_ slot: Int32, to id: Int32) -> UInt64 {
        let word = Self.word(sequence: sequence(of: slot), node: id)
        words[Int(slot)] = word
        return word
    }

    /// Frees `slot` for reuse: a new sequence, so that the handles of its input see it gone.
    final func free(_ slot: Int32) {
        words[Int(slot)] = Self.word(sequence: sequence(of: slot) &+ 1, node: -1)
        freeSlots.append(slot)
    }

    /// The first half of a store's teardown, as the graph goes (its `deinit`): a new sequence in
    /// each slot that holds an input, so that every handle of the store sees its input gone. The
    /// graph retires the slots of all its stores before any store drops a value
    /// (``dropValuesOfRetiredSlots()``), so that code that a value's release runs finds every
    /// input of the graph gone. One pass over the slots rather than a call per input: a call per
    /// input ran the store's generic code unspecialised, looking up the metadata of `Value?` and
    /// of a tuple for each input.
    ///
    /// The store then serves its handles only, which all see their inputs gone: its free list is
    /// not brought up to date, as no input is made in it any more.
    final func retireSlots() {
        for slot in 0 ..< endIndex where node(in: slot) >= 0 {
            // The node id stays until the value is dropped, so that the second half finds the slot.
            words[Int(slot)] = Self.word(sequence: sequence(of: slot) &+ 1, node: node(in: slot))
        }
    }

    /// The second half of a store's teardown (see ``retireSlots()``): marks each slot that still
    /// names a node free (node id -1) and drops its value, and drops the staged values.
    func dropValuesOfRetiredSlots() { fatalError("abstract") }

    /// Doubles the capacity. Called only when every slot is taken (none is free, and all up to the
    /// capacity were handed out), so that every value is initialised and they move in one go.
    @usableFromInline
    final func grow() {
        assert(freeSlots.isEmpty && Int(endIndex) == capacity, "Constraints: an input store grows only when full")
        let newCapacity = capacity * 2
        moveValues(toCapacity: newCapacity)
        let moved = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        moved.moveInitialize(from: words, count: capacity)
        words.deallocate()
        words = moved
        capacity = newCapacity
    }

    /// Moves the values of every slot (all taken, see ``grow()``) to buffers of `newCapacity`.
    func moveValues(toCapacity newCapacity: Int) { fatalError("abstract") }
}

/// The typed buffers of a graph's inputs of type `Value` (see ``AnyInputStore``).
///
/// Values live in a buffer this store allocates itself, initialised exactly in the live slots:
/// those whose word names a node, which are all the slots handed out but the free ones. Staged
/// values live in a buffer of optionals made at the first staged write (most inputs are never
/// written inside a batch or an evaluation, and making an input then never touches it),
/// initialised in every slot up to the capacity, to `nil` where there is none.
@usableFromInline
final class InputStore<Value>: AnyInputStore {
    @usableFromInline @exclusivity(unchecked)
    var values: UnsafeMutablePointer<Value>
    /// `nil` until the first staged write (see ``stagedValues()``).
    @usableFromInline @exclusivity(unchecked)
    var staged: UnsafeMutablePointer<Value?>?
    /// `==` when `Value` is `Equatable`; `nil` means every write is a change.
    @usableFromInline
    let isSame: ((Value, Value) -> Bool)?

    @inlinable
    init(graph: Graph, isSame: ((Value, Value) -> Bool)?, commit: @escaping (AnyInputStore, Int32) -> Bool) {
        let capacity = 16
        self.isSame = isSame
        values = .allocate(capacity: capacity)
        super.init(graph: graph, valueType: ObjectIdentifier(Value.self), capacity: capacity, commit: commit)
    }

    deinit {
        for slot in 0 ..< endIndex where node(in: slot) >= 0 { (values + Int(slot)).deinitialize(count: 1) }
        values.deallocate()
        staged?.deinitialize(count: capacity)
        staged?.deallocate()
    }

    /// A new slot holding `value`, not yet assigned to a node.
    @inlinable @inline(__always)
    func makeSlot(holding value: Value) -> Int32 {
        let slot = takeSlot()
        (values + Int(slot)).initialize(to: value)
        return slot
    }

    /// The buffer of staged values, made now if there was none.
    @inlinable @inline(__always)
    func stagedValues() -> UnsafeMutablePointer<Value?> {
        if let staged { return staged }
        return makeStagedValues()
    }

    /// Makes the buffer of staged values, `nil` in every slot.
    @usableFromInline @inline(never)
    func makeStagedValues() -> UnsafeMutablePointer<Value?> {
        let made = UnsafeMutablePointer<Value?>.allocate(capacity: capacity)
        made.initialize(repeating: nil, count: capacity)
        staged = made
        return made
    }

    /// Stores `new` in `slot` unless it equals the current value; returns whether it changed.
    @inlinable
    func store(_ new: Value, in slot: Int32) -> Bool {
        if let isSame, isSame(values[Int(slot)], new) { return false }
        values[Int(slot)] = new
        return true
    }

    /// The commit function of a store (see ``AnyInputStore/commit``): moves the staged value to
    /// the value unless the two are the same.
    @inlinable
    static func commit() -> (AnyInputStore, Int32) -> Bool {
        { erased, slot in
            let store = unsafeDowncast(erased, to: InputStore<Value>.self)
            guard let new = store.staged?[Int(slot)].take() else { return false }
            return store.store(new, in: slot)
        }
    }

    /// The commit function of a store of `Equatable` values: compares with `==` directly, which
    /// saves the retain and release of loading ``isSame``.
    @inlinable
    static func equatableCommit() -> (AnyInputStore, Int32) -> Bool where Value: Equatable {
        { erased, slot in
            let store = unsafeDowncast(erased, to: InputStore<Value>.self)
            guard let new = store.staged?[Int(slot)].take() else { return false }
            if store.values[Int(slot)] == new { return false }
            store.values[Int(slot)] = new
            return true
        }
    }

    override func moveValues(toCapacity newCapacity: Int) {
        let movedValues = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        movedValues.moveInitialize(from: values, count: capacity)
        values.deallocate()
        values = movedValues
        if let staged {
            let moved = UnsafeMutablePointer<Value?>.allocate(capacity: newCapacity)
            moved.moveInitialize(from: staged, count: capacity)
            (moved + capacity).initialize(repeating: nil, count: newCapacity - capacity)
            staged.deallocate()
            self.staged = moved
        }
    }

    /// Frees the slot of a destroyed input and drops its values, last, so that code their release
    /// runs (a `deinit`) finds the slot free; a value holding other nodes' handles must not keep
    /// them alive.
    ///
    /// This override runs unspecialised (a generic class's method is called through its vtable),
    /// so it keeps to operations that need no metadata but `Value`'s: no tuple, and `Value?` only
    /// for an input that has a staged value.
    override func detach(slot: Int32) {
        let index = Int(slot)
        let value = (values + index).move()
        if let staged, staged[index] != nil {
            let stagedValue = staged[index].take()
            free(slot)
            withExtendedLifetime(stagedValue) {}
        } else {
            free(slot)
        }
        withExtendedLifetime(value) {}
    }

    override func dropValuesOfRetiredSlots() {
        // Plain data needs no dropping: only the words change.
        let dropsValues = !_isPOD(Value.self)
        for slot in 0 ..< endIndex where node(in: slot) >= 0 {
            words[Int(slot)] = Self.word(sequence: sequence(of: slot), node: -1)
            if dropsValues { (values + Int(slot)).deinitialize(count: 1) }
        }
        if let staged {
            self.staged = nil
            staged.deinitialize(count: capacity)
            staged.deallocate()
        }
    }

    override func valueDescription(slot: Int32) -> String {
        node(in: slot) >= 0 ? String(describing: values[Int(slot)]) : "nil"
    }

    override var valueTypeName: String { String(describing: Value.self) }
    override func holdsValue(slot: Int32) -> Bool { node(in: slot) >= 0 }
    override func holdsStagedValue(slot: Int32) -> Bool { staged.map { $0[Int(slot)] != nil } ?? false }
}
