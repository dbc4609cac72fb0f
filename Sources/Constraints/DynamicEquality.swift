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

    /// The slot of ``recentTypes`` and ``recentRuleStores`` for `type`.
    static func recentTypeSlot(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15) >> Graph.recentTypeShift)
    }

    /// One entry of ``recentTypes``: a value type and whether it is `Equatable`.
    struct RecentType {
        let type: ObjectIdentifier?
        let equatable: (any Equatable.Type)?
    }

    /// Number of ``recentTypes`` entries (a power of two) and the shift that maps a 64-bit hash to
    /// one of them.
    static let recentTypeSlots = 256
    static let recentTypeShift = UInt.bitWidth - 8
}
