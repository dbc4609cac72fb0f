@testable import Constraints
import Testing

/// The life of inputs in their graph's stores (`InputStore.swift`): many made and read across the
/// stores' growth, slots of destroyed inputs reused without reviving old handles, and a graph's
/// teardown, which frees every slot of a store before it drops any value.
@Suite struct InputLifecycleTests {
    /// Inputs made in numbers that grow their store many times keep their values, as plain data
    /// (`Int`) and as values with references (`String`, a class).
    @Test func valuesSurviveTheStoresGrowth() {
        let graph = quietGraph()
        let counter = DeinitCounter()
        let count = 5_000
        let numbers = (0 ..< count).map { graph.input($0) }
        let texts = (0 ..< count).map { graph.input("text \($0)") }
        let objects = (0 ..< count).map { graph.input(Tracked($0, counter)) }
        #expect(numbers.reduce(0) { $0 + $1.value } == count * (count - 1) / 2)
        #expect(texts.indices.allSatisfy { texts[$0].value == "text \($0)" })
        #expect(objects.indices.allSatisfy { objects[$0].value.payload == $0 })
        let sum = graph.rule { numbers.reduce(0) { $0 + $1.value } }
        #expect(sum.value == count * (count - 1) / 2)
        numbers[count - 1].value = 0
        #expect(sum.value == count * (count - 1) / 2 - (count - 1))
        #expect(counter.count == 0)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// Inputs destroyed with their subgraph give their slots to the inputs made next: the store
    /// does not grow, the new inputs hold their own values, and the old handles stay gone.
    @Test func slotsOfDestroyedInputsAreReused() {
        let graph = quietGraph()
        let kept = graph.input(-1)
        let row = graph.makeSubgraph(name: "row")
        let old = row.withCurrent { (0 ..< 100).map { graph.input($0) } }
        let store = kept.store
        let slotsHandedOut = store.endIndex
        let oldSlots = Set(old.map(\.slot))
        row.destroy()
        #expect(old.allSatisfy { $0.nodeID == -1 })
        let new = (0 ..< 100).map { graph.input(1_000 + $0) }
        #expect(store.endIndex == slotsHandedOut)
        #expect(Set(new.map(\.slot)) == oldSlots)
        #expect(new.indices.allSatisfy { new[$0].value == 1_000 + $0 })
        #expect(old.allSatisfy { $0.nodeID == -1 })
        #expect(kept.value == -1)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// Many inputs made and dropped in turn, in subgraphs, leave the graph with only those alive,
    /// each with its value, and release every value of those dropped.
    @Test func inputsMadeAndDroppedInLargeNumbers() {
        let graph = quietGraph()
        let counter = DeinitCounter()
        var alive: [(Input<Tracked>, Int)] = []
        for round in 0 ..< 20 {
            let row = graph.makeSubgraph(name: "round \(round)")
            let made = row.withCurrent { (0 ..< 500).map { graph.input(Tracked(round * 500 + $0, counter)) } }
            let kept = graph.input(Tracked(-round, counter))
            alive.append((kept, -round))
            row.destroy()
            #expect(made.allSatisfy { $0.nodeID == -1 })
        }
        #expect(counter.count == 20 * 500)
        #expect(graph.nodeCount == alive.count)
        #expect(alive.allSatisfy { $0.0.value.payload == $0.1 })
        #expect(graph.invariantViolations().isEmpty)
    }

    /// An input destroyed inside a batch that wrote it drops its staged value too.
    @Test func aDestroyedInputDropsItsStagedValue() {
        let graph = quietGraph()
        let counter = DeinitCounter()
        let row = graph.makeSubgraph(name: "row")
        let input = row.withCurrent { graph.input(Tracked(0, counter)) }
        graph.batch {
            input.value = Tracked(1, counter)
            row.destroy()
            #expect(counter.count == 2)
        }
        #expect(input.nodeID == -1)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// A graph's teardown releases every input's value once, and a value's release finds every
    /// input of the graph gone, those made after its own too: each store frees all its slots
    /// before it drops a value.
    @Test func theGraphsTeardownFreesEverySlotBeforeDroppingValues() {
        let counter = DeinitCounter()
        var seenByDeinits: [Int32] = []
        var handles: [Input<RunsOnDeinit>] = []
        var numbers: [Input<Int>] = []
        do {
            let graph = quietGraph()
            numbers = (0 ..< 100).map { graph.input($0) }
            let later = graph.input(Tracked(0, counter))
            for index in 0 ..< 100 {
                let number = numbers[index]
                handles.append(graph.input(RunsOnDeinit { seenByDeinits.append(number.nodeID); seenByDeinits.append(later.nodeID) }))
            }
            #expect(handles.allSatisfy { $0.nodeID >= 0 })
        }
        #expect(counter.count == 1)
        #expect(seenByDeinits.count == 200)
        #expect(seenByDeinits.allSatisfy { $0 == -1 })
        #expect(handles.allSatisfy { $0.nodeID == -1 })
        #expect(numbers.allSatisfy { $0.nodeID == -1 })
    }
}
