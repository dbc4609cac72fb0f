/// Type-erased storage for one rule's value and closure; the graph's ``NodeTable`` retains one
/// per live rule and calls ``run()`` without knowing the value type. An input has no box of its
/// own (its value is in its graph's ``InputStore`` of its type), nor has an effect (its closure is
/// in the graph's ``EffectTable``).
///
/// Field order in the subclass is chosen so that a `Rule<Int>` box is 72 bytes (one 80-byte
/// malloc chunk); see the memory figures in `Docs/Performance.md`.
@usableFromInline
class NodeBox: NodeStorage {
    /// Runs the closure of the node it is given (always this box) and stores the result; returns
    /// whether the value changed.
    ///
    /// It is a `let` taking the box as an argument, so that a run loads and calls it without
    /// retaining anything: a rule's update function is built where the rule is created, captures
    /// nothing there, and is specialised for the value type.
    @usableFromInline
    final let update: (NodeBox) -> Bool

    /// The node's id while it is alive; ``NodeBox/detachedID`` once it was destroyed, cancelled or
    /// its graph was deallocated.
    @usableFromInline
    var nodeID: Int32 {
        get { fatalError("abstract") }
        set { fatalError("abstract") }
    }

    /// Marker id of a box whose node no longer exists.
    @usableFromInline
    static let detachedID: Int32 = -1

    @inlinable
    init(update: @escaping (NodeBox) -> Bool) {
        self.update = update
    }

    /// Runs the closure and stores its result; returns whether the value changed: always when
    /// there was no value before, and a rule's `initialValue:` counts as its value before its
    /// first run (the value a cyclic read returned).
    @inline(__always)
    final func run() -> Bool { update(self) }

    /// Marks the box detached: its node no longer exists. A box holds one node, so `slot` is -1.
    override func detach(slot: Int32) {
        nodeID = NodeBox.detachedID
    }
}

/// The box of a ``Rule``: its cached value and its body.
///
/// The update function is built where the rule is created (``Graph/rule(name:requiresMainThread:_:)``
/// is inlinable), or for a value type not statically `Equatable` where the first of its rules was
/// (``Graph/ruleKind(for:makeUpdate:)``), so computing, comparing and storing the value runs as code
/// specialised for `Value` rather than through generic value witnesses.
@usableFromInline
final class RuleBox<Value>: NodeBox {
    /// The graph's core, which inlined reads use: a node lives no longer than its graph (boxes are
    /// detached when the graph goes), and a plain pointer needs no reference counting.
    @usableFromInline
    let core: UnsafeMutablePointer<GraphCore>

    @usableFromInline
    var graph: Graph { core.pointee.graph.takeUnretainedValue() }
    /// The cached value (for a rule with an `initialValue:`, that value until the first run);
    /// `nil` until the box is given one.
    @usableFromInline @exclusivity(unchecked)
    var value: Value?
    @usableFromInline @exclusivity(unchecked)
    var id: Int32

    /// The rule's body. A `let`, so that a run calls it without retaining its context;
    /// ``detach(slot:)`` replaces it all the same (see ``dropBody()``).
    @usableFromInline
    let body: () -> Value

    @inlinable
    init(graph: Graph, body: @escaping () -> Value, update: @escaping (NodeBox) -> Bool) {
        self.core = graph.core
        self.id = NodeBox.detachedID
        self.body = body
        super.init(update: update)
        // The one assumption about the object's layout that reads make (see ``valueAddress``),
        // checked in every build for each box class, again whenever the graph makes a box of
        // another class than the last one checked. Taking `value`'s address in unspecialised
        // code looks up `Optional<Value>`'s metadata, where comparing the class costs a load and a
        // compare.
        //
        // The initialisers of the boxes are inlinable, so that making a node is compiled where it
        // is made, specialised for `Value` when that is known, rather than as a call into generic
        // code that stored the empty `value` and the closures through value witnesses.
        let boxClass = ObjectIdentifier(type(of: self))
        if graph.layoutCheckedBoxClass != boxClass {
            precondition(withUnsafeMutablePointer(to: &value) { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(valueAddress),
                         "Constraints: the value of a \(Self.self) is not where valueAddress assumes (Swift's class layout changed?)")
            graph.layoutCheckedBoxClass = boxClass
        }
    }

    /// The value, which must exist, copied from ``valueAddress``. Debug builds check that it
    /// exists, as `unsafelyUnwrapped` did.
    @inlinable
    var existingValue: Value {
        @inline(__always) get {
            assert(value != nil, "Constraints: read of a node that has no value")
            return valueAddress.pointee
        }
    }

    /// Where ``value`` keeps its payload, which reads of a value known to exist (``existingValue``)
    /// copy from.
    ///
    /// In code generic over `Value` (a view layer's nodes of view types), copying `value` itself
    /// looks up `Optional<Value>`'s metadata, about 400 instructions (callgrind), while copying the
    /// payload needs only `Value`'s; specialised code reads the same word either way. An
    /// `Optional` keeps its payload at its start, and Swift lays out a class's stored properties in
    /// declaration order behind the two-word object header: ``NodeBox/update`` (16 bytes), ``core``
    /// (8), then `value`, aligned for `Value` (as `Optional<Value>` is). The first box of each class
    /// a graph makes (and the next after a box of another class) checks the offset against the
    /// field's address, in every build, and stops the program if they differ.
    @inlinable
    var valueAddress: UnsafeMutablePointer<Value> {
        @inline(__always) get {
            let alignment = MemoryLayout<Value>.alignment
            let offset = (16 + 16 + 8 + alignment - 1) / alignment * alignment
            return (UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()) + offset)
                .assumingMemoryBound(to: Value.self)
        }
    }

    @usableFromInline
    override var nodeID: Int32 {
        get { id }
        set { id = newValue }
    }

    override func valueDescription(slot: Int32) -> String { value.map { String(describing: $0) } ?? "nil" }
    override var valueTypeName: String { String(describing: Value.self) }
    override func holdsValue(slot: Int32) -> Bool { value != nil }

    /// Gives the rule its `initialValue:`. Apart from the initialiser, and not inlined: in code
    /// generic over `Value`, storing an optional looks up `Optional<Value>`'s metadata, and most
    /// rules have no initial value.
    @inline(never)
    func store(initialValue: Value) {
        value = initialValue
    }

    /// Whether the rule holds a value, read from its node's flags (it ran, or was given an
    /// `initialValue:`) rather than from `value`: in code generic over `Value`, `value != nil`
    /// looks up `Optional<Value>`'s metadata, about 500 instructions (callgrind). Only while the
    /// node exists, and not during an `Equatable` rule's cutoff (see ``NodeStorage/holdsValue(slot:)``);
    /// debug builds check it against `value`.
    @usableFromInline
    var hasValueByFlags: Bool {
        let hasValue = core.pointee.table[id].flags.hasValueToReturn
        assert(hasValue == (value != nil), "Constraints: a rule's flags disagree with its value")
        return hasValue
    }

    /// Also drops the value and the body: a detached node's value can no longer be read, and a value
    /// or body holding other nodes' handles must not keep them alive (or release them recursively
    /// later).
    override func detach(slot: Int32) {
        super.detach(slot: slot)
        value = nil
        dropBody()
    }

    /// Replaces the body of a detached rule with one that captures nothing, so that nothing the old
    /// one captured outlives the node. Bodies capture the handles of the nodes they read, whose
    /// bodies capture theirs: without this, dropping the last handle of a long chain would release
    /// the whole chain recursively.
    ///
    /// `body` is a `let` for the speed of every run, so this writes its storage directly: the
    /// closure's two words become a function that stops the program and no context, and the old
    /// context is released. That is sound because the node no longer exists, so its body can never
    /// run again, and the next access to the field is the box's own deinitialisation, which
    /// releases the (now empty) context. Working on the raw words keeps teardown free of generic
    /// metadata lookups and allocation. Before writing, every build checks that the words at the
    /// computed offset are `body`'s own (its function and context, which no other field holds),
    /// and stops the program if they are not.
    private func dropBody() {
        let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        let slot = (object + Self.bodyOffset).assumingMemoryBound(to: ClosureWords.self)
        precondition(slot.pointee == withUnsafeBytes(of: body) { $0.load(as: ClosureWords.self) },
                     "Constraints: the body of a \(Self.self) is not where bodyOffset assumes (Swift's class layout changed?)")
        let context = slot.pointee.context
        slot.pointee = ClosureWords(function: detachedRuleBodyFunction, context: nil)
        if let context { Unmanaged<AnyObject>.fromOpaque(context).release() }
    }

    /// Where `body` lies in the object. Swift lays out a class's stored properties in declaration
    /// order, superclasses first, each at the next offset aligned for its type, behind the two-word
    /// object header: `update` (16 bytes), `core` (8), `value`, `id`, then `body`.
    private static var bodyOffset: Int {
        func aligned(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }
        let valueOffset = aligned(16 + 16 + 8, MemoryLayout<Value?>.alignment)
        let idOffset = aligned(valueOffset + MemoryLayout<Value?>.size, MemoryLayout<Int32>.alignment)
        return aligned(idOffset + MemoryLayout<Int32>.size, MemoryLayout<ClosureWords>.alignment)
    }

    /// The update function of a rule whose cutoff is decided by `isSame` (`nil`: every run is a
    /// change).
    ///
    /// Made once per value type (``Graph/ruleKind(for:makeUpdate:)``), often in code generic over
    /// `Value`: it tests for a value with the node's flags (``hasValueByFlags``) and reads it with
    /// ``existingValue``, without `Optional<Value>`'s metadata. It stores the value with a
    /// plain assignment, which does look that metadata up: writing the payload and `Optional`'s tag
    /// byte directly saved 2.4 % of a views-bench build's instructions (`views-bench instructions --build-per-row`), but was
    /// never shown to pay on the real clock, so that assumption about `Optional`'s layout is gone.
    @inlinable
    static func update(isSame: ((Value, Value) -> Bool)?) -> (NodeBox) -> Bool {
        guard let isSame else {
            return { node in
                let box = unsafeDowncast(node, to: RuleBox<Value>.self)
                box.value = box.body()
                return true
            }
        }
        return { node in
            let box = unsafeDowncast(node, to: RuleBox<Value>.self)
            let new = box.body()
            if box.hasValueByFlags, isSame(box.existingValue, new) { return false }
            box.value = new
            return true
        }
    }

    /// The update function of an `Equatable` rule: the cutoff compares with `==`.
    @inlinable
    static func equatableUpdate() -> (NodeBox) -> Bool where Value: Equatable {
        { node in
            let box = unsafeDowncast(node, to: RuleBox<Value>.self)
            let new = box.body()
            if _isPOD(Value.self) {
                if let old = box.value, old == new { return false }
            } else if let old = box.value.take() {
                // Moved out for the comparison, and back when equal: a copy would cost a value
                // holding references a retain and a release (a color-scheme switch about 20
                // instructions per evaluation of a display list), and so would a comparison in
                // place (the value is loaded from the box around the call to `==`). Meanwhile the
                // box holds no value: a read of the rule from `==` finds none (``NodeStorage/holdsValue(slot:)``).
                // `take()` left `nil`, which holds nothing to destroy, so either value is put in
                // its place without an assignment's release of the `nil` (a runtime call per run).
                // A plain value is compared in place, which saves the write back.
                if old == new {
                    withUnsafeMutablePointer(to: &box.value) { $0.initialize(to: old) }
                    return false
                }
                withUnsafeMutablePointer(to: &box.value) { $0.initialize(to: new) }
                return true
            }
            box.value = new
            return true
        }
    }
}

/// The two words of a Swift closure: its function and its context (retained, or `nil`).
private struct ClosureWords: Equatable {
    var function: UnsafeRawPointer
    var context: UnsafeMutableRawPointer?
}

/// What a detached rule's body slot points at; it is never called (reads of a destroyed node stop
/// the program before they get there).
private var detachedRuleBodyFunction: UnsafeRawPointer {
    unsafeBitCast(
        { fatalError("Constraints: the body of a destroyed rule ran") } as @convention(c) () -> Void,
        to: UnsafeRawPointer.self
    )
}

extension Equatable {
    /// `==` for `Value`, when `Value == Self` at run time.
    static func equality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
        { ($0 as! Self) == ($1 as! Self) }
    }
}

extension Graph {
    /// `==` for `Value` if it is `Equatable` at run time, so that the cutoff works even when the
    /// caller's `Value` is not statically known to be `Equatable` (generic code such as a view layer).
    ///
    /// The conformance lookup behind `as? any Equatable.Type` cost about 1,000 instructions per
    /// node made (views-bench build, callgrind), and a view layer makes thousands of nodes of a few
    /// value types: the answers for recent types are kept in a small table indexed by the address
    /// of the type's metadata, which never moves or goes away.
    @usableFromInline
    func dynamicEquality<Value>(for _: Value.Type) -> ((Value, Value) -> Bool)? {
        let type = ObjectIdentifier(Value.self)
        let slot = Graph.recentTypeSlot(of: type)
        let equatable: (any Equatable.Type)?
        if recentTypes[slot].type == type {
            equatable = recentTypes[slot].equatable
        } else {
            equatable = Value.self as? any Equatable.Type
            recentTypes[slot] = RecentType(type: type, equatable: equatable)
        }
        return equatable?.equality(as: Value.self)
    }

    /// The box class and update function of rules of `Value` made without a static `Equatable`
    /// conformance, made once per value type and kept in ``recentRuleKinds`` (indexed like
    /// ``recentTypes``). The update function is `makeUpdate` applied to
    /// ``dynamicEquality(for:)``.
    ///
    /// Both depend on nothing but `Value`. In code generic over `Value` (a view layer's nodes of
    /// view types), looking up `RuleBox<Value>`'s metadata for every rule cost about 500
    /// instructions, and making the update function allocated its context and that of its `==`
    /// (views-bench build, callgrind).
    @usableFromInline
    func ruleKind<Value>(
        for _: Value.Type, makeUpdate: (((Value, Value) -> Bool)?) -> (NodeBox) -> Bool
    ) -> (box: RuleBox<Value>.Type, update: (NodeBox) -> Bool) {
        let type = ObjectIdentifier(Value.self)
        let slot = Graph.recentTypeSlot(of: type)
        if recentRuleKinds.isEmpty {
            recentRuleKinds = Array(repeating: RecentRuleKind(type: nil, box: nil, update: nil), count: Graph.recentTypeSlots)
        }
        let entry = recentRuleKinds[slot]
        if entry.type == type, let box = entry.box, let update = entry.update {
            return (unsafeBitCast(box, to: RuleBox<Value>.Type.self), update)
        }
        let update = makeUpdate(dynamicEquality(for: Value.self))
        recentRuleKinds[slot] = RecentRuleKind(type: type, box: RuleBox<Value>.self, update: update)
        return (RuleBox<Value>.self, update)
    }

    /// The slot of ``recentTypes`` and ``recentRuleKinds`` for `type`.
    private static func recentTypeSlot(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15) >> Graph.recentTypeShift)
    }

    /// One entry of ``recentTypes``: a value type and whether it is `Equatable`.
    struct RecentType {
        let type: ObjectIdentifier?
        let equatable: (any Equatable.Type)?
    }

    /// One entry of ``recentRuleKinds``: a value type, and the box class and update function of
    /// its rules.
    struct RecentRuleKind {
        let type: ObjectIdentifier?
        let box: AnyClass?
        let update: ((NodeBox) -> Bool)?
    }

    /// Number of ``recentTypes`` entries (a power of two) and the shift that maps a 64-bit hash to
    /// one of them.
    static let recentTypeSlots = 256
    static let recentTypeShift = UInt.bitWidth - 8
}
