@testable import Constraints
import Testing

/// The arena that a graph's edge list blocks come from: internal state, so this suite looks inside.
@Suite struct EdgeBlockArenaTests {
    /// A block holds at least the ids asked for, in the smallest class that fits, and starts empty.
    @Test func blocksFitTheirCapacity() {
        var arena = EdgeBlockArena()
        defer { arena.deallocate() }
        for (asked, held) in [(1, 2), (2, 2), (3, 6), (6, 6), (7, 14), (510, 510)] {
            let block = arena.allocate(minimumCapacity: asked)
            #expect(block[0] == 0)
            #expect(block[1] == Int32(held), "a block for \(asked) ids")
            arena.free(block)
        }
    }

    /// A freed block is the next one handed out for its class; other classes take fresh blocks.
    @Test func freedBlocksAreReused() {
        var arena = EdgeBlockArena()
        defer { arena.deallocate() }
        let first = arena.allocate(minimumCapacity: 2)
        let second = arena.allocate(minimumCapacity: 2)
        #expect(first != second)
        arena.free(first)
        let larger = arena.allocate(minimumCapacity: 5)
        #expect(larger != first)
        #expect(arena.allocate(minimumCapacity: 2) == first)
    }

    /// Blocks made one after another lie next to each other, each aligned to its size.
    @Test func blocksAreCutInTurn() {
        var arena = EdgeBlockArena()
        defer { arena.deallocate() }
        let blocks = (0 ..< 4).map { _ in UnsafeMutableRawPointer(arena.allocate(minimumCapacity: 2)) }
        for (earlier, later) in zip(blocks, blocks.dropFirst()) { #expect(later - earlier == 16) }
        let wide = UnsafeMutableRawPointer(arena.allocate(minimumCapacity: 14))
        #expect(UInt(bitPattern: wide) % 64 == 0)
    }

    /// Lists longer than the largest class take their block from `malloc`, and give it back.
    @Test func longListsOutgrowTheArena() {
        let graph = Graph()
        let source = graph.input(0, name: "source")
        let readers = (0 ..< 1_000).map { k in graph.rule(name: "reader") { source.value + k } }
        #expect(readers.map(\.value).reduce(0, +) == 499_500)
        #expect(graph.table[source.nodeID].outputs.count == 1_000)
        source.value = 1
        #expect(readers.map(\.value).reduce(0, +) == 500_500)
    }
}
