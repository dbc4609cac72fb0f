/// A rule's computation as a value the rule stores: a type whose stored properties are what a
/// closure would capture (typically the handles of the nodes it reads) and whose ``value``
/// computes the rule's value from them. AttributeGraph's rules are bodies of this kind.
///
/// A rule made from a body (``Graph/rule(name:requiresMainThread:body:)``) behaves as one made
/// from a closure: the nodes ``value`` reads become the rule's input edges, in read order, and
/// edges it stops reading are dropped; an `Equatable` value is cut off when equal; the rule goes
/// with its subgraph, which drops its body. What differs is where the body lives: in the rule's
/// entry of the graph's store of rules of its body type, so that the rule has no heap object of
/// its own, where a closure's captures are in a context allocated for each rule and freed with
/// it. Use a body for rules made in large numbers (the nodes of list rows); a closure is as good
/// for a few.
///
/// ```swift
/// struct Area: RuleBody {
///     let width: Input<Double>, height: Input<Double>
///     var value: Double { width.value * height.value }
/// }
/// let area = graph.rule(name: "area", body: Area(width: width, height: height))
/// ```
///
/// ``value`` runs while the body is borrowed where the entry holds it: it must not mutate
/// anything through the body (it cannot: it is a getter), and a rule is never destroyed while it
/// runs (teardowns requested meanwhile wait for the evaluation to end).
///
/// Keep bodies small (handles and a few words): every entry of a store is as large as its body,
/// entries come 32 to a chunk, and chunk memory is kept for later graphs rather than freed; large
/// state belongs in an object the body refers to.
public protocol RuleBody {
    /// The type of the rule's value.
    associatedtype Value
    /// Computes the rule's value. Reads of nodes here are recorded as the rule's dependencies.
    var value: Value { get }
}

extension Graph {
    /// Creates a rule whose value `body` computes from the nodes it reads, storing `body` in the
    /// rule's entry (see ``RuleBody``). Nothing runs until the rule is read.
    ///
    /// When `Body.Value` is `Equatable` at run time only, the cutoff still compares with `==`.
    ///
    /// - Parameters:
    ///   - name: shown in dumps and diagnostics.
    ///   - requiresMainThread: the rule must run on the main thread; marks propagate this to the
    ///     nodes below it, see ``ValueState/mainThread``.
    ///   - body: the rule's computation.
    @inlinable
    public func rule<Body: RuleBody>(name: String? = nil, requiresMainThread: Bool = false, body: consuming Body) -> Rule<Body.Value> {
        let store = ruleStore(filedUnder: RuleStoreKey(bodiesOf: Body.self)) {
            BodyRuleStore<Body>(graph: self, update: BodyRuleStore<Body>.update(isSame: dynamicEquality(for: Body.Value.self)))
        }
        return makeRule(body, in: store, name: name, requiresMainThread: requiresMainThread)
    }

    /// Creates a rule of an `Equatable` value (compared with `==` for the cutoff) whose value
    /// `body` computes, storing `body` in the rule's entry (see ``RuleBody``).
    @inlinable
    public func rule<Body: RuleBody>(name: String? = nil, requiresMainThread: Bool = false, body: consuming Body) -> Rule<Body.Value>
    where Body.Value: Equatable {
        let store = ruleStore(filedUnder: RuleStoreKey(bodiesOf: Body.self)) {
            BodyRuleStore<Body>(graph: self, update: BodyRuleStore<Body>.equatableUpdate())
        }
        return makeRule(body, in: store, name: name, requiresMainThread: requiresMainThread)
    }

    /// Creates a rule whose value `body` computes, as ``rule(name:requiresMainThread:body:)``
    /// does, with a value before its first run: what a read returns if the rule is read while it
    /// is itself being computed (a dependency cycle) before it ever produced a value (see
    /// ``rule(name:initialValue:requiresMainThread:_:)``). `nil` gives the rule none.
    @inlinable
    public func rule<Body: RuleBody>(
        name: String? = nil, initialValue: Body.Value?, requiresMainThread: Bool = false, body: consuming Body
    ) -> Rule<Body.Value> {
        let rule: Rule<Body.Value> = self.rule(name: name, requiresMainThread: requiresMainThread, body: body)
        if let initialValue { give(rule, initialValue: initialValue) }
        return rule
    }

    /// Creates a rule of an `Equatable` value (compared with `==` for the cutoff) whose value
    /// `body` computes, with a value before its first run (see
    /// ``rule(name:initialValue:requiresMainThread:body:)``).
    @inlinable
    public func rule<Body: RuleBody>(
        name: String? = nil, initialValue: Body.Value?, requiresMainThread: Bool = false, body: consuming Body
    ) -> Rule<Body.Value> where Body.Value: Equatable {
        let rule: Rule<Body.Value> = self.rule(name: name, requiresMainThread: requiresMainThread, body: body)
        if let initialValue { give(rule, initialValue: initialValue) }
        return rule
    }

    /// Makes a rule computed by `body`, moved into a slot of `store` (borrowed, not retained: the
    /// graph holds it).
    @inlinable @inline(__always)
    func makeRule<Body: RuleBody>(
        _ body: consuming Body, in store: Unmanaged<BodyRuleStore<Body>>, name: String?, requiresMainThread: Bool
    ) -> Rule<Body.Value> {
        let (slot, entry) = store._withUnsafeGuaranteedRef { $0.takeSlot() }
        BodyRuleStore<Body>.bodyAddress(entry).initialize(to: body)
        let word = store._withUnsafeGuaranteedRef { registerRule($0, slot: slot, name: name, requiresMainThread: requiresMainThread) }
        return Rule(entry: entry, word: word)
    }
}
