import Constraints
import Testing

/// `Rule.valueChangedAt`: a stamp that moves exactly when a rule's up-to-date value changes, so
/// that a reader can keep what it derived from a value.
@Suite struct ValueChangedAtTests {
    @Test func theStampMovesOnlyWhenTheValueChanges() {
        let graph = Graph()
        let input = graph.input(1, name: "input")
        let parity = graph.rule(name: "parity") { input.value % 2 }
        #expect(parity.valueChangedAt == nil, "never ran")
        _ = parity.value
        let first = parity.valueChangedAt
        #expect(first != nil)

        input.value = 3
        #expect(parity.valueChangedAt == nil, "marked out of date")
        #expect(parity.value == 1)
        #expect(parity.valueChangedAt == first, "ran again to an equal value: the cutoff keeps the stamp")

        input.value = 4
        #expect(parity.value == 0)
        let second = parity.valueChangedAt
        #expect(second != nil && second != first)
    }

    @Test func aDestroyedRuleHasNoStamp() {
        let graph = Graph()
        let subgraph = graph.makeSubgraph(name: "gone")
        let rule = subgraph.withCurrent { graph.rule(name: "rule") { 1 } }
        _ = rule.value
        #expect(rule.valueChangedAt != nil)
        subgraph.destroy()
        #expect(rule.valueChangedAt == nil)
    }
}
