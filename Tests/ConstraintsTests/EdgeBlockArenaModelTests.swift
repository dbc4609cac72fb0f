@testable import Constraints
import Reproductions
import Testing

/// Edge lists through the graph's block arenas against a model, and the unretained current
/// subgraph against bodies that let go of it.
@Suite struct EdgeBlockArenaModelTests {
    static func contents(_ list: EdgeList) -> [Int32] { (0 ..< list.count).map { list[$0] } }

    /// Many lists through one arena, every operation, sizes crossing every class and the malloc
    /// threshold, lists moved between slots: each list always equals its model, so no two live
    /// lists share memory and no block is handed out twice.
    @Test(arguments: [1, 2, 3, 4])
    func randomOperationsMatchAModel(seed: UInt64) {
        var arena = EdgeBlockArena()
        var random = SplitMix64(seed: seed)
        let slots = 64
        var lists = [EdgeList](repeating: EdgeList(), count: slots)
        var model = [[Int32]](repeating: [], count: slots)
        var nextID: Int32 = 1
        func sizeAt(_ r: inout SplitMix64) -> Int {
            // Mostly small, sometimes around class edges, sometimes past 510 ids.
            switch r.int(0 ..< 10) {
            case 0: return 500 + r.int(0 ..< 40)
            case 1: return r.int(0 ..< 1_200)
            case 2: return [2, 3, 6, 7, 14, 15, 30, 31, 62, 63, 126, 127, 254, 255, 510, 511][r.int(0 ..< 16)]
            default: return r.int(0 ..< 6)
            }
        }
        for step in 0 ..< 20_000 {
            let i = random.int(0 ..< slots)
            switch random.int(0 ..< 7) {
            case 0, 1:
                let n = 1 + random.int(0 ..< (random.int(0 ..< 4) == 0 ? 600 : 4))
                for _ in 0 ..< n {
                    lists[i].append(nextID, in: &arena); model[i].append(nextID); nextID += 1
                }
            case 2:
                let newCount = model[i].isEmpty ? 0 : random.int(0 ..< model[i].count + 1)
                lists[i].truncate(to: newCount, in: &arena); model[i].removeLast(model[i].count - newCount)
            case 3, 4, 5:
                guard !model[i].isEmpty else { continue }
                let index = random.int(0 ..< model[i].count)
                lists[i].swapRemove(at: index, in: &arena)
                model[i].swapAt(index, model[i].count - 1); model[i].removeLast()
            default:
                // Move list i into slot j (as removeNodes moves a node's outputs out of its record).
                let j = random.int(0 ..< slots)
                guard i != j else { continue }
                lists[j].deallocate(in: &arena)
                lists[j] = lists[i]; lists[i] = EdgeList()
                model[j] = model[i]; model[i] = []
            }
            if step % 97 == 0 || step > 19_900 {
                for k in 0 ..< slots where Self.contents(lists[k]) != model[k] {
                    Issue.record("list \(k) diverged from its model at step \(step)")
                    return
                }
            }
        }
        for k in 0 ..< slots { #expect(Self.contents(lists[k]) == model[k]) }
        for k in 0 ..< slots { lists[k].deallocate(in: &arena) }
        arena.deallocate()
    }

    static func contents(_ list: InputList) -> [Int64] {
        (0 ..< list.count).map { Int64(list[$0]) << 32 | Int64(list.mirror(at: $0)) }
    }

    /// Input lists (ids with their mirrors) through one arena, every operation, sizes crossing
    /// every class and the malloc threshold: each list always equals its model of (id, mirror)
    /// pairs, kept in order.
    @Test(arguments: [1, 2, 3, 4])
    func inputListsMatchAModel(seed: UInt64) {
        var arena = EdgeBlockArena()
        var random = SplitMix64(seed: seed)
        let slots = 64
        var lists = [InputList](repeating: InputList(), count: slots)
        var model = [[Int64]](repeating: [], count: slots)
        var nextID: Int32 = 1
        func entry(_ id: Int32, _ mirror: Int32) -> Int64 { Int64(id) << 32 | Int64(mirror) }
        for step in 0 ..< 20_000 {
            let i = random.int(0 ..< slots)
            switch random.int(0 ..< 7) {
            case 0, 1:
                let n = 1 + random.int(0 ..< (random.int(0 ..< 4) == 0 ? 600 : 4))
                for _ in 0 ..< n {
                    let mirror = Int32(random.int(0 ..< 1_000))
                    lists[i].append(nextID, mirror: mirror, in: &arena); model[i].append(entry(nextID, mirror)); nextID += 1
                }
            case 2:
                let newCount = model[i].isEmpty ? 0 : random.int(0 ..< model[i].count + 1)
                lists[i].truncate(to: newCount, in: &arena); model[i].removeLast(model[i].count - newCount)
            case 3:
                guard !model[i].isEmpty else { continue }
                let index = random.int(0 ..< model[i].count)
                lists[i].remove(at: index, in: &arena); model[i].remove(at: index)
            case 4:
                guard !model[i].isEmpty else { continue }
                let index = random.int(0 ..< model[i].count), mirror = Int32(random.int(0 ..< 1_000))
                lists[i].setMirror(at: index, to: Int(mirror))
                model[i][index] = entry(Int32(truncatingIfNeeded: model[i][index] >> 32), mirror)
            case 5:
                let n = random.int(0 ..< 6) == 0 ? random.int(0 ..< 1_200) : random.int(0 ..< 6)
                let ids = (0 ..< n).map { _ -> Int32 in defer { nextID += 1 }; return nextID }
                let mirrors = ids.map { _ in Int32(random.int(0 ..< 1_000)) }
                ids.withUnsafeBufferPointer { ids in
                    mirrors.withUnsafeBufferPointer { lists[i].assign(ids, mirrors: $0, in: &arena) }
                }
                model[i] = zip(ids, mirrors).map { entry($0, $1) }
            default:
                let j = random.int(0 ..< slots)
                guard i != j else { continue }
                lists[j].deallocate(in: &arena)
                lists[j] = lists[i]; lists[i] = InputList()
                model[j] = model[i]; model[i] = []
            }
            if step % 97 == 0 || step > 19_900 {
                for k in 0 ..< slots where Self.contents(lists[k]) != model[k] {
                    Issue.record("input list \(k) diverged from its model at step \(step)")
                    return
                }
            }
        }
        for k in 0 ..< slots { #expect(Self.contents(lists[k]) == model[k]) }
        for k in 0 ..< slots { lists[k].deallocate(in: &arena) }
        arena.deallocate()
    }

    /// Every size class boundary: a block handed out for n ids holds n ids that survive the
    /// allocation and freeing of its neighbours.
    @Test func neighboursDoNotOverlap() {
        var arena = EdgeBlockArena()
        defer { arena.deallocate() }
        var blocks: [(UnsafeMutablePointer<Int32>, Int32)] = []
        for capacity in 1 ... 1_100 {
            let block = arena.allocate(minimumCapacity: capacity)
            #expect(Int(block[1]) >= capacity)
            #expect(UInt(bitPattern: block) & 7 == 0, "blocks are 8-aligned (EdgeList's low bit)")
            for k in 0 ..< Int(block[1]) { block[2 + k] = Int32(capacity) }
            blocks.append((block, Int32(capacity)))
        }
        for (block, tag) in blocks {
            for k in 0 ..< Int(block[1]) where block[2 + k] != tag {
                Issue.record("block for \(tag) overwritten at \(k)"); break
            }
        }
        for (block, _) in blocks { arena.free(block) }
    }

    /// A graph whose rules read a varying number of inputs (fan-in grows past the malloc threshold
    /// and shrinks to one), whose input has a fan-out of 1,200 readers in a subgraph that is
    /// destroyed, and that is released with large lists live.
    @Test func dynamicFanInAndFanOutAcrossClasses() {
        weak var weakGraph: Graph?
        do {
            let graph = Graph()
            weakGraph = graph
            let inputs = (0 ..< 700).map { graph.input($0, name: "in\($0)") }
            let width = graph.input(1, name: "width")
            let sum = graph.rule(name: "sum") { (0 ..< width.value).reduce(0) { $0 + inputs[$1].value } }
            for w in [1, 2, 3, 7, 15, 600, 511, 512, 700, 3, 1, 0, 520, 2] {
                width.value = w
                #expect(sum.value == (0 ..< w).reduce(0, +), "width \(w)")
            }
            let sub = graph.makeSubgraph(name: "fan-out")
            let readers = sub.withCurrent { (0 ..< 1_200).map { k in graph.rule(name: "r") { inputs[0].value + k } } }
            #expect(readers.map(\.value).reduce(0, +) == (0 ..< 1_200).reduce(0, +))
            sub.destroy()
            inputs[0].value = 5
            #expect(sum.value == 5 + 1)
            // Rebuild a big fan-out that stays live when the graph goes.
            let more = (0 ..< 1_200).map { k in graph.rule(name: "m") { inputs[1].value + k } }
            #expect(more[1_199].value == 1 + 1_199)
            width.value = 640
            #expect(sum.value == (0 ..< 640).reduce(0, +) + 5)
        }
        #expect(weakGraph == nil)
    }

    /// The current subgraph is not retained: a body that drops the last reference to it (by
    /// destroying it and clearing the only other holder) and then makes nodes.
    final class Holder { var subgraph: Subgraph? }

    @Test func bodyDropsTheLastReferenceToTheCurrentSubgraph() {
        let graph = Graph()
        let holder = Holder()
        holder.subgraph = graph.makeSubgraph(name: "doomed")
        weak let weakSubgraph = holder.subgraph
        let made: Rule<Int> = holder.subgraph!.withCurrent {
            holder.subgraph!.destroy()
            holder.subgraph = nil
            #expect(weakSubgraph != nil, "the caller keeps the current subgraph alive")
            #expect(graph.currentSubgraph === weakSubgraph)
            return graph.rule(name: "after drop") { 42 }
        }
        #expect(made.value == 42)
        #expect(graph.currentSubgraph == nil)
        #expect(weakSubgraph == nil)
        // The same through Graph.withCurrentSubgraph with a property load as the argument.
        holder.subgraph = graph.makeSubgraph(name: "doomed 2")
        weak let weak2 = holder.subgraph
        let made2: Rule<Int> = graph.withCurrentSubgraph(holder.subgraph) {
            holder.subgraph!.destroy()
            holder.subgraph = nil
            #expect(weak2 != nil)
            return graph.rule(name: "after drop 2") { 43 }
        }
        #expect(made2.value == 43)
        #expect(weak2 == nil)
    }

    /// Nested current subgraphs where the inner body destroys the outer one (a parent) and drops
    /// it: the outer is restored as current afterwards.
    @Test func innerBodyDestroysOuterSubgraph() {
        let graph = Graph()
        let holder = Holder()
        holder.subgraph = graph.makeSubgraph(name: "outer")
        weak let weakOuter = holder.subgraph
        holder.subgraph!.withCurrent {
            let inner = graph.makeSubgraph(name: "inner")
            inner.withCurrent {
                holder.subgraph!.destroy()
                holder.subgraph = nil
                _ = graph.rule(name: "in inner") { 1 }
            }
            #expect(graph.currentSubgraph === weakOuter)
            #expect(weakOuter != nil)
        }
        #expect(weakOuter == nil)
    }
}
