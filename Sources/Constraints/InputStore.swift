/// The values of a graph's inputs of one value type, each in a slot that its node's record names
/// (``NodeRecord/slot``): the graph keeps one store per value type (``Graph/inputStore(of:make:)``)
/// rather than a heap object per input, so that making an input allocates nothing in the steady
/// state (the slots of destroyed inputs are reused, and a page holds many slots).
///
/// The slots are in pages (``InputPage``) that never move: slot `s` is entry `s % slotCount` of
/// page `s / slotCount`. A slot's entry holds the input's value, the graph's core, and a word that
/// packs the slot's *sequence* with the input's node id (``word(sequence:node:)``); its staged
/// value (a write not committed yet: inside a batch, or from inside a rule's evaluation) is in a
/// buffer of the store. The sequence counts the inputs the slot held: it changes whenever the slot
/// is freed, so that an ``Input`` handle, which holds the entry's address and its word when the
/// input was made, tells with one load and compare whether its input still exists, after the slot
/// was reused and after the graph is gone (the graph frees every slot as it goes, and the pages
/// outlive it). A free slot's word has node id -1.
///
/// This base class is what code that does not know the value type uses (the node table's record
/// holds it, not retained: the graph's ``Graph/inputStores`` keeps it alive); ``InputStore`` holds
/// the values.
@usableFromInline
class AnyInputStore: NodeStorage {
    /// The graph's core, which each entry's header names (see ``InputEntryHeader``).
    @usableFromInline
    final let core: UnsafeMutablePointer<GraphCore>
    /// The store's pages, in slot order.
    @usableFromInline @exclusivity(unchecked)
    final var pages = ScratchStack<UnsafeMutableRawPointer>(capacity: 4)
    /// The size and alignment of the pages, which the pool files them under.
    final let pageKind: BlockPool.Kind
    /// Bytes from one entry of a page to the next (``InputPage/entryStride(for:)``).
    @usableFromInline
    final let stride: Int
    /// The value type, which tells this store from the graph's others.
    @usableFromInline
    final let valueType: ObjectIdentifier
    /// Whether the values are plain data, which need no dropping (see ``retireSlots()``).
    final let valuesArePlainData: Bool
    /// Commits the staged value of a slot, unless it equals the value; returns whether the value
    /// changed. A `let` built where the store is made, like a rule store's update function, so that
    /// it is specialised for the value type (see ``InputStore/commit()``).
    final let commit: (AnyInputStore, Int32) -> Bool
    /// One past the highest slot ever handed out.
    @usableFromInline @exclusivity(unchecked)
    final var endIndex: Int32 = 0
    /// The slots freed by destroyed inputs, to reuse.
    @usableFromInline @exclusivity(unchecked)
    final var freeSlots = ScratchStack<Int32>(capacity: 4)
    /// The slots that the buffer of staged values holds (see ``InputStore/staged``): 0 while there
    /// is none, else the pages' ``capacity``.
    final var stagedCapacity = 0

    @usableFromInline
    init(graph: Graph, valueType: ObjectIdentifier, valuesArePlainData: Bool, pageKind: BlockPool.Kind, stride: Int,
         commit: @escaping (AnyInputStore, Int32) -> Bool) {
        self.core = graph.core
        self.valueType = valueType
        self.valuesArePlainData = valuesArePlainData
        self.pageKind = pageKind
        self.stride = stride
        self.commit = commit
    }

    /// Gives the pages back to the pool: the graph freed every slot and dropped every value
    /// (``retireSlots()``), or the store never had an input.
    deinit {
        InputPage.giveBack(pages.elements(from: 0), stride: stride, of: pageKind)
        pages.deallocate()
        freeSlots.deallocate()
    }

    /// The number of slots the pages hold.
    @usableFromInline
    final var capacity: Int { pages.count * InputPage.slotCount }

    /// The entry of `slot`, in pages whose entries are `stride` bytes apart: the store's
    /// ``stride``, which code that knows the value type passes as a constant
    /// (``InputStore/entry(of:)``).
    @inlinable @inline(__always)
    final func entry(of slot: Int32, stride: Int) -> UnsafeMutableRawPointer {
        // Unsigned (a slot is never negative), which spares a sign extension.
        let unsigned = UInt32(bitPattern: slot)
        return pages.base[Int(unsigned >> UInt32(InputPage.slotShift))] + Int(unsigned & UInt32(InputPage.slotCount - 1)) * stride
    }

    /// The header of `slot`'s entry: its word and the graph's core.
    @inlinable @inline(__always)
    final func header(of slot: Int32) -> UnsafeMutablePointer<InputEntryHeader> {
        InputPage.header(entry(of: slot, stride: stride))
    }

    /// The node id of the input in `slot`, or -1 for a free slot.
    @inlinable @inline(__always)
    final func node(in slot: Int32) -> Int32 {
        Int32(truncatingIfNeeded: header(of: slot).pointee.word)
    }

    /// Takes a free slot (or a new one, and a new page if the pages are full) for an input the
    /// caller stores a value in next.
    @inlinable @inline(__always)
    final func takeSlot() -> Int32 {
        if let slot = freeSlots.popLast() { return slot }
        if Int(endIndex) == capacity { addPage() }
        let slot = endIndex
        endIndex += 1
        return slot
    }

    /// Takes a page from the pool (see ``InputPage/take(_:stride:for:)``) for the slots past the
    /// last page.
    @usableFromInline
    final func addPage() {
        pages.append(InputPage.take(pageKind, stride: stride, for: core))
        pagesAdded()
    }

    /// Called when a page was added, for the staged values to follow (see ``InputStore``).
    func pagesAdded() {}

    /// Records that the input in the slot whose entry is `entry` is node `id`; returns the slot's
    /// word.
    final func assign(_ entry: UnsafeMutableRawPointer, to id: Int32) -> UInt64 {
        let header = InputPage.header(entry)
        header.pointee.word = Self.word(header.pointee.word, naming: id)
        return header.pointee.word
    }

    /// Frees `slot` for reuse: a new sequence, so that the handles of its input see it gone.
    final func free(_ slot: Int32) {
        let header = header(of: slot)
        header.pointee.word = Self.nextWord(after: header.pointee.word, naming: -1)
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
    /// The store is then empty, its free list aside (no input is made in it any more), and its
    /// `deinit`, with the graph's, gives its pages back to the pool.
    final func retireSlots() {
        forEachLiveSlot { entry in
            // Plain data needs no dropping: its slot is free at once. Other values keep their node
            // id until they are dropped, so that the second half finds them.
            let header = InputPage.header(entry)
            let node = valuesArePlainData ? -1 : Int32(truncatingIfNeeded: header.pointee.word)
            header.pointee.word = Self.nextWord(after: header.pointee.word, naming: node)
        }
    }

    /// Calls `body` with the entry of each slot handed out whose word names a node, page by page.
    final func forEachLiveSlot(_ body: (UnsafeMutableRawPointer) -> Void) {
        for pageIndex in 0 ..< pages.count {
            let page = pages[pageIndex]
            let count = min(InputPage.slotCount, Int(endIndex) - pageIndex * InputPage.slotCount)
            for index in 0 ..< count {
                let entry = page + index * stride
                if Int32(truncatingIfNeeded: InputPage.header(entry).pointee.word) >= 0 { body(entry) }
            }
        }
    }

    /// The second half of a store's teardown (see ``retireSlots()``): marks each slot that still
    /// names a node free (node id -1) and drops its value (none is left for plain data), and
    /// drops the staged values.
    func dropValuesOfRetiredSlots() { fatalError("abstract") }
}

/// The values of a graph's inputs of type `Value` (see ``AnyInputStore``).
///
/// Values live in the pages, initialised exactly in the live slots: those whose word names a
/// node, which are all the slots handed out but the free ones. Staged values live in a buffer of
/// optionals made at the first staged write (most inputs are never written inside a batch or an
/// evaluation, and making an input then never touches it), initialised in every slot up to the
/// capacity, to `nil` where there is none; it grows with the pages, by moving (it is not read
/// through handles).
@usableFromInline
final class InputStore<Value>: AnyInputStore {
    /// `nil` until the first staged write (see ``stagedValues()``).
    @usableFromInline @exclusivity(unchecked)
    var staged: UnsafeMutablePointer<Value?>?
    /// `==` when `Value` is `Equatable`; `nil` means every write is a change.
    @usableFromInline
    let isSame: ((Value, Value) -> Bool)?

    @inlinable
    init(graph: Graph, isSame: ((Value, Value) -> Bool)?, commit: @escaping (AnyInputStore, Int32) -> Bool) {
        self.isSame = isSame
        super.init(graph: graph, valueType: ObjectIdentifier(Value.self), valuesArePlainData: _isPOD(Value.self),
                   pageKind: Self.pageKind(), stride: InputPage.entryStride(for: Value.self), commit: commit)
    }

    /// The kind of the pages of `Value`s.
    @usableFromInline
    static func pageKind() -> BlockPool.Kind { InputPage.kind(for: Value.self) }

    /// The graph retired every slot and dropped the values and staged values before it let the
    /// store go (see ``AnyInputStore/retireSlots()``): nothing is left to drop.
    deinit {
        assert(staged == nil, "Constraints: an input store goes after its graph dropped its values")
    }

    /// The entry of `slot`.
    @inlinable @inline(__always)
    func entry(of slot: Int32) -> UnsafeMutableRawPointer {
        entry(of: slot, stride: InputPage.entryStride(for: Value.self))
    }

    /// The value of `slot`.
    @inlinable @inline(__always)
    func value(of slot: Int32) -> UnsafeMutablePointer<Value> {
        InputPage.value(entry(of: slot), as: Value.self)
    }

    /// A new slot holding `value`, not yet assigned to a node; returns it and its entry.
    @inlinable @inline(__always)
    func makeSlot(holding value: Value) -> (slot: Int32, entry: UnsafeMutableRawPointer) {
        let slot = takeSlot()
        let entry = entry(of: slot)
        InputPage.initializeValue(at: entry, to: value)
        return (slot, entry)
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
        stagedCapacity = capacity
        return made
    }

    override func pagesAdded() {
        guard let staged else { return }
        let moved = UnsafeMutablePointer<Value?>.allocate(capacity: capacity)
        moved.moveInitialize(from: staged, count: stagedCapacity)
        (moved + stagedCapacity).initialize(repeating: nil, count: capacity - stagedCapacity)
        staged.deallocate()
        self.staged = moved
        stagedCapacity = capacity
    }

    /// Stores `new` at `value`, a live slot's value, unless it equals the current one; returns
    /// whether it changed.
    @inlinable
    func store(_ new: Value, at value: UnsafeMutablePointer<Value>) -> Bool {
        if let isSame, isSame(value.pointee, new) { return false }
        value.pointee = new
        return true
    }

    /// The commit function of a store (see ``AnyInputStore/commit``): moves the staged value to
    /// the value unless the two are the same.
    @inlinable
    static func commit() -> (AnyInputStore, Int32) -> Bool {
        { erased, slot in
            let store = unsafeDowncast(erased, to: InputStore<Value>.self)
            guard let new = store.staged?[Int(slot)].take() else { return false }
            return store.store(new, at: store.value(of: slot))
        }
    }

    /// The commit function of a store of `Equatable` values: compares with `==` directly, which
    /// saves the retain and release of loading ``isSame``.
    @inlinable
    static func equatableCommit() -> (AnyInputStore, Int32) -> Bool where Value: Equatable {
        { erased, slot in
            let store = unsafeDowncast(erased, to: InputStore<Value>.self)
            guard let new = store.staged?[Int(slot)].take() else { return false }
            let value = store.value(of: slot)
            if value.pointee == new { return false }
            value.pointee = new
            return true
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
        let value = self.value(of: slot).move()
        if let staged, staged[Int(slot)] != nil {
            let stagedValue = staged[Int(slot)].take()
            free(slot)
            withExtendedLifetime(stagedValue) {}
        } else {
            free(slot)
        }
        withExtendedLifetime(value) {}
    }

    override func dropValuesOfRetiredSlots() {
        if !valuesArePlainData {
            forEachLiveSlot { entry in
                let header = InputPage.header(entry)
                header.pointee.word = Self.word(header.pointee.word, naming: -1)
                InputPage.value(entry, as: Value.self).deinitialize(count: 1)
            }
        }
        if let staged {
            self.staged = nil
            staged.deinitialize(count: stagedCapacity)
            staged.deallocate()
            stagedCapacity = 0
        }
    }

    override func valueDescription(slot: Int32) -> String {
        node(in: slot) >= 0 ? String(describing: value(of: slot).pointee) : "nil"
    }

    override var valueTypeName: String { String(describing: Value.self) }
    override func holdsValue(slot: Int32) -> Bool { node(in: slot) >= 0 }
    override func holdsStagedValue(slot: Int32) -> Bool { staged.map { $0[Int(slot)] != nil } ?? false }
}
