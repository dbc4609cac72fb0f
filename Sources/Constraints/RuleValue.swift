/// The value of a rule's entry (see ``AnyRuleStore``), for every store of rules of type `Value`:
/// where it lies, how a read loads it and how a run stores and compares it. Both kinds of store,
/// those of rules made from a closure (``RuleStore``) and those of rules with a stored body
/// (``BodyRuleStore``), lay the value out here, so that a ``Rule`` handle reads it knowing only
/// `Value`.
///
/// The value is initialised exactly while the entry's header says it holds one.
@usableFromInline
enum RuleValue<Value> {
    /// Where an entry's value lies: after the header, aligned for `Value`.
    @inlinable
    static var offset: Int {
        @inline(__always) get { NodeStorage.roundUp(MemoryLayout<RuleEntryHeader>.size, to: MemoryLayout<Value>.alignment) }
    }

    /// The value of the entry at `entry` (initialised only while its header says so).
    @inlinable @inline(__always)
    static func address(_ entry: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Value> {
        (entry + offset).assumingMemoryBound(to: Value.self)
    }

    /// The value of the rule at `entry`, which must hold one (checked in debug builds).
    @inlinable @inline(__always)
    static func existing(at entry: UnsafeMutableRawPointer) -> Value {
        assert(AnyRuleStore.header(entry).pointee.holdsValue, "Constraints: read of a node that has no value")
        return address(entry).pointee
    }

    /// Gives the rule at `entry`, which has no value yet, its `initialValue:`.
    @usableFromInline
    static func store(initialValue: Value, at entry: UnsafeMutableRawPointer) {
        address(entry).initialize(to: initialValue)
        AnyRuleStore.header(entry).pointee.holdsValue = true
    }

    /// Stores `new` as the value of the rule at `entry`.
    @inlinable @inline(__always)
    static func store(_ new: Value, at entry: UnsafeMutableRawPointer) {
        let header = AnyRuleStore.header(entry)
        if header.pointee.holdsValue {
            address(entry).pointee = new
        } else {
            address(entry).initialize(to: new)
            header.pointee.holdsValue = true
        }
    }

    /// Whether the rule at `entry` holds a value that `isSame` finds equal to `new`, just computed.
    @inlinable @inline(__always)
    static func holds(_ new: Value, at entry: UnsafeMutableRawPointer, by isSame: (Value, Value) -> Bool) -> Bool {
        AnyRuleStore.header(entry).pointee.holdsValue && isSame(address(entry).pointee, new)
    }

    /// Stores `new`, just computed, as the value of the rule at `entry` unless it is `==` to the
    /// value there; returns whether the value changed (always when there was none).
    @inlinable @inline(__always)
    static func store(_ new: Value, unlessEqualAt entry: UnsafeMutableRawPointer) -> Bool where Value: Equatable {
        let header = AnyRuleStore.header(entry), value = address(entry)
        guard header.pointee.holdsValue else {
            value.initialize(to: new)
            header.pointee.holdsValue = true
            return true
        }
        if _isPOD(Value.self) {
            // A plain value is compared in place, which saves the write back.
            if value.pointee == new { return false }
            value.pointee = new
            return true
        }
        // Moved out for the comparison, and back when equal: a copy would cost a value holding
        // references a retain and a release (a color-scheme switch about 20 instructions per
        // evaluation of a display list), and so would a comparison in place (the value is loaded
        // around the call to `==`). Meanwhile the entry holds no value: a read of the rule from
        // `==` finds none (``NodeStorage/holdsValue(slot:)``).
        header.pointee.holdsValue = false
        let old = value.move()
        defer { header.pointee.holdsValue = true }
        if old == new {
            value.initialize(to: old)
            return false
        }
        value.initialize(to: new)
        return true
    }

    /// Drops the value of the rule at `entry`, if it holds one, after `free` freed its slot, so
    /// that code its release runs (a `deinit`) finds the slot free.
    @inline(__always)
    static func drop(at entry: UnsafeMutableRawPointer, after free: () -> Void) {
        guard AnyRuleStore.header(entry).pointee.holdsValue else { return free() }
        let value = address(entry).move()
        free()
        // Inlined, where `withExtendedLifetime` is a call that takes the value type's metadata.
        _fixLifetime(value)
    }

    /// The value of the rule at `entry` as text, for dumps: "nil" when it holds none.
    static func description(at entry: UnsafeMutableRawPointer) -> String {
        AnyRuleStore.header(entry).pointee.holdsValue ? String(describing: address(entry).pointee) : "nil"
    }
}
