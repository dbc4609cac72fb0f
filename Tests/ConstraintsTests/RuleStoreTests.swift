@testable import Constraints
import Testing

/// Rules live in their graph's store of rules of their value type (`RuleStore.swift`): values and
/// evaluation counts are those of any rule, for value types of every size and alignment, across
/// many chunks of entries; the slot of a destroyed rule is reused without its old handles seeing
/// the new rule; and closures that capture nothing work like any other.
@Suite struct RuleStoreTests {
    /// Many rules of one type (more than fit in one chunk) read the right inputs, run once per
    /// change, and cut off equal values.
    @Test func manyRulesOfOneTypeKeepTheirValuesAndCounts() {
        let graph = quietGraph()
        let inputs = (0 ..< 100).map { graph.input($0) }
        let rules = inputs.map { input in graph.rule { input.value * 2 } }
        let parity = inputs.map { input in graph.rule { input.value % 2 } }
        #expect(rules.map(\.value) == (0 ..< 100).map { $0 * 2 })
        #expect(parity.map(\.value) == (0 ..< 100).map { $0 % 2 })
        #expect(graph.statistics.evaluations == 200)

        inputs[37].value = 39
        #expect(rules[37].value == 78 && parity[37].value == 1)
        #expect(rules[36].value == 72)
        #expect(graph.statistics.evaluations == 202)
        #expect(graph.statistics.cutoffs == 1, "37 % 2 == 39 % 2: a cutoff")
    }

    /// Rules of value types of every size and alignment, side by side in one graph, keep their
    /// values, and their cached values and change stamps read as those of a rule.
    @Test func valueTypesOfEverySizeAndAlignment() {
        struct Padded: Equatable { var byte: UInt8; var wide: Int64; var last: UInt8 }
        struct Big: Equatable { var a, b, c, d, e, f: Int }
        let graph = quietGraph()
        let x = graph.input(1)
        let byte = graph.rule { UInt8(x.value) }
        let double = graph.rule { Double(x.value) / 2 }
        let text = graph.rule { String(repeating: "y", count: x.value) }
        let padded = graph.rule { Padded(byte: 1, wide: Int64(x.value), last: 3) }
        let big = graph.rule { Big(a: x.value, b: 2, c: 3, d: 4, e: 5, f: x.value * 6) }
        let vector = graph.rule { SIMD4<Float>(repeating: Float(x.value)) }
        let empty = graph.rule { () }
        let optional = graph.rule { x.value > 1 ? Int?(x.value) : nil }
        let object = graph.rule { [x.value] as AnyObject }
        #expect(byte.cachedValue == nil && byte.valueChangedAt == nil, "never ran")
        #expect(byte.value == 1 && double.value == 0.5 && text.value == "y")
        #expect(padded.value == Padded(byte: 1, wide: 1, last: 3) && big.value.f == 6 && vector.value.w == 1)
        #expect(empty.value == () && optional.value == nil && (object.value as? [Int]) == [1])
        #expect(byte.cachedValue == 1 && byte.valueChangedAt != nil)

        x.value = 2
        #expect(byte.value == 2 && double.value == 1 && text.value == "yy")
        #expect(padded.value.wide == 2 && big.value == Big(a: 2, b: 2, c: 3, d: 4, e: 5, f: 12) && vector.value.x == 2)
        #expect(optional.value == 2 && (object.value as? [Int]) == [2])
    }

    /// A destroyed rule's slot goes to the next rule of its type; the old handle sees its rule
    /// gone (no value, no stamp, no node), not the new one, and a weak reference reads `nil`.
    @Test func aReusedSlotIsNotTheOldRule() {
        let graph = quietGraph()
        let x = graph.input(5)
        let row = graph.makeSubgraph(name: "row")
        let old = row.withCurrent { graph.rule(name: "old") { x.value + 1 } }
        let weakOld = WeakNode(old)
        #expect(old.value == 6)
        row.destroy()

        let new = graph.rule(name: "new") { x.value + 100 }
        #expect(new.entry == old.entry, "the freed entry is reused")
        #expect(new.value == 105)
        #expect(!old.isAlive && old.cachedValue == nil && old.valueChangedAt == nil)
        #expect(old.id.index == -1 && old.name.contains("destroyed"))
        #expect(weakOld.rule == nil && weakOld.value == nil && weakOld.isReclaimed)
        #expect(WeakNode(new).value == 105)
    }

    /// A graph that goes gives the chunks of its rules' entries to the pool, and a later graph
    /// making rules of the same entry size takes them: the first graph's handles, which hold
    /// nothing, see their rules gone, before and after their entries hold the new graph's rules.
    @Test func aGoneGraphsChunksServeTheNextGraph() {
        // A value type of its own entry size, so that tests running meanwhile take none of these chunks.
        struct Wide: Equatable { var a, b, c, d, e, f, g, h, i, j, k: Int }
        func wide(_ value: Int) -> Wide { Wide(a: value, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, i: 0, j: 0, k: value) }
        var old: [Rule<Wide>] = []
        do {
            let graph = quietGraph()
            let x = graph.input(2)
            old = (0 ..< 40).map { k in graph.rule { wide(x.value + k) } }
            #expect(old[39].value.k == 41)
        }
        let weakOld = WeakNode(old[0])
        #expect(old.allSatisfy { !$0.isAlive && $0.cachedValue == nil && $0.valueChangedAt == nil })
        #expect(weakOld.rule == nil && weakOld.isReclaimed)

        let graph = quietGraph()
        let y = graph.input(10)
        let new = (0 ..< 40).map { k in graph.rule { wide(y.value * k) } }
        #expect(!Set(old.map(\.entry)).isDisjoint(with: new.map(\.entry)), "the first graph's chunks are reused")
        #expect(new.map(\.value.k) == (0 ..< 40).map { 10 * $0 })
        #expect(old.allSatisfy { !$0.isAlive && $0.cachedValue == nil } && weakOld.rule == nil)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A chunk given back by a store of one value type serves a store of another whose entries
    /// have the same size but whose values lie at another offset (8-byte against 4-byte aligned),
    /// and every value reads back right. (The store binds the chunk to its own types; binding has
    /// no effect at run time that a test could see.)
    @Test func aChunkServesAnotherValueTypeOfTheSameEntrySize() {
        // Value types of their own entry size, so that tests running meanwhile take none of these chunks.
        struct Longs: Equatable { var a, b, c, d, e, f, g, h, i: Int64 }
        struct Halves: Equatable { var a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r: Int32 }
        #expect(RuleStore<Longs>.entryStride == RuleStore<Halves>.entryStride)
        #expect(RuleValue<Longs>.offset != RuleValue<Halves>.offset)
        var old: [Rule<Longs>] = []
        do {
            let graph = quietGraph()
            let x = graph.input(Int64(3))
            old = (0 ..< 40).map { k in graph.rule { Longs(a: x.value, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, i: x.value + Int64(k)) } }
            #expect(old[39].value.i == 42)
        }
        let graph = quietGraph()
        let y = graph.input(Int32(7))
        let new = (0 ..< 40).map { k in
            graph.rule { Halves(a: y.value, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, i: 0, j: 0, k: 0, l: 0, m: 0, n: 0, o: 0, p: 0, q: 0, r: y.value * Int32(k)) }
        }
        #expect(!Set(old.map(\.entry)).isDisjoint(with: new.map(\.entry)), "the first graph's chunks are reused")
        #expect(new.map(\.value.r) == (0 ..< 40).map { 7 * Int32($0) })
        #expect(new.allSatisfy { $0.value.a == 7 })
        #expect(old.allSatisfy { !$0.isAlive && $0.cachedValue == nil })
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A closure that captures nothing makes a rule like any other: it runs once, and re-runs only
    /// when forced.
    @Test func rulesWhoseClosuresCaptureNothing() {
        let graph = quietGraph()
        let constants = (0 ..< 40).map { _ in graph.rule { 7 } }
        let text = graph.rule { "constant" }
        #expect(constants.allSatisfy { $0.value == 7 } && text.value == "constant")
        #expect(constants.allSatisfy { $0.value == 7 })
        #expect(graph.statistics.evaluations == 41)
        graph.invalidateAll()
        #expect(constants[3].value == 7)
        #expect(graph.statistics.cutoffs == 1, "the forced re-run computed an equal value")
    }

    /// Rules made and destroyed in turn, over more slots than one chunk holds, keep every live
    /// rule's value and release what destroyed ones captured.
    @Test func slotsAreReusedAcrossChunks() {
        let graph = quietGraph()
        let deinits = DeinitCounter()
        let x = graph.input(1)
        var kept: [Rule<Int>] = []
        for round in 0 ..< 5 {
            let row = graph.makeSubgraph(name: "row")
            let made = row.withCurrent {
                (0 ..< 70).map { index in
                    let tracked = Tracked(index, deinits)
                    return graph.rule { x.value + tracked.payload + round }
                }
            }
            #expect(made.enumerated().allSatisfy { $0.element.value == 1 + $0.offset + round })
            kept.append(graph.rule { x.value * 1_000 + round })
            row.destroy()
            #expect(deinits.count == 70 * (round + 1))
            #expect(made.allSatisfy { !$0.isAlive })
        }
        x.value = 2
        #expect(kept.map(\.value) == (0 ..< 5).map { 2_000 + $0 })
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A rule given an `initialValue:` holds it before its first run; a first run computing an
    /// equal value is a cutoff, in a store shared with rules made without one.
    @Test func initialValuesShareTheStore() {
        let graph = quietGraph()
        let x = graph.input(3)
        let plain = graph.rule { x.value }
        let seeded = graph.rule(initialValue: 3) { x.value }
        #expect(seeded.cachedValue == 3)
        #expect(plain.value == 3 && seeded.value == 3)
        #expect(graph.statistics.cutoffs == 1)
    }
}
