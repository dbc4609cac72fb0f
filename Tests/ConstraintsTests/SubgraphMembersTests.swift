import Reproductions
import Testing
@testable import Constraints

/// A subgraph's member list, which an effect cancelled on its own leaves in constant time (its
/// place becomes a vacancy, and the members close ranks once vacancies are more than half), while
/// the subgraph still removes its members newest first when it goes.
@Suite struct SubgraphMembersTests {
    /// Effects and rules made in a subgraph, and effects cancelled, in a random order: after every
    /// step the subgraph counts the members a model counts and the checker finds nothing (it checks
    /// each effect's position and the vacancies), and the teardown releases the members' closures
    /// newest first, as the model lists them.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func effectsCancelledInAnyOrderLeaveTheSubgraphInOrder(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = quietGraph()
        let input = graph.input(0, name: "input")
        let row = graph.makeSubgraph(name: "row")
        var released: [Int] = []
        /// The members' tags in creation order, and the handles of the effects among them.
        var members: [Int] = []
        var effects: [Int: Effect] = [:]
        var compactions = 0
        for tag in 0 ..< 600 {
            // Fewer cancellations while the list grows, then more, so that vacancies come to
            // outnumber the members and the members close ranks.
            if !effects.isEmpty && rng.chance(tag < 300 ? 30 : 90) {
                let cancelled = effects.keys.sorted()[rng.int(0 ..< effects.count)]
                let vacanciesBefore = row.vacancies
                let wasNewest = row.nodes.last == effects[cancelled]!.nodeID
                effects.removeValue(forKey: cancelled)!.cancel()
                // Not the newest, so its place became a vacancy, unless the members closed ranks.
                if !wasNewest && row.vacancies == 0 && vacanciesBefore >= 8 { compactions += 1 }
                members.removeAll { $0 == cancelled }
                #expect(released.popLast() == cancelled, "cancelling an effect releases its closure")
            }
            row.withCurrent {
                let token = RunsOnDeinit { released.append(tag) }
                if rng.chance(75) {
                    effects[tag] = graph.effect(name: "effect \(tag)") { _ = (token, input.value) }
                } else {
                    _ = graph.rule(name: "rule \(tag)") { _ = token; return input.value }
                }
            }
            members.append(tag)
            #expect(row.nodeCount == members.count)
            #expect(graph.invariantViolations().isEmpty, "step \(tag): \(graph.invariantViolations())")
        }
        #expect(released.isEmpty)
        #expect(compactions > 0, "the members closed ranks at least once")
        row.destroy()
        #expect(released == members.reversed(), "the teardown releases the members newest first")
        #expect(effects.values.allSatisfy { !$0.isActive } && graph.nodeCount == 1)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// An effect cancelled while its subgraph's teardown releases another member's closure (a
    /// `deinit` that cancels it), with a member after it still listed: its place becomes a
    /// vacancy, which the teardown skips, removing everything else once.
    @Test func anEffectCancelledDuringItsSubgraphsTeardownLeavesAVacancyTheTeardownSkips() {
        let graph = quietGraph()
        let input = graph.input(0, name: "input")
        let row = graph.makeSubgraph(name: "row")
        var released: [String] = []
        let (early, middle) = row.withCurrent {
            (0 ..< 2).map { index in
                let token = RunsOnDeinit { released.append("early \(index)") }
                return graph.effect(name: "early \(index)") { _ = (token, input.value) }
            }.splat
        }
        row.withCurrent {
            let canceller = RunsOnDeinit { early.cancel(); released.append("newest") }
            _ = graph.effect(name: "newest") { _ = (canceller, input.value) }
        }
        row.destroy()
        #expect(released == ["early 0", "newest", "early 1"])
        #expect(!early.isActive && !middle.isActive && graph.nodeCount == 1)
        #expect(graph.invariantViolations().isEmpty)
    }
}

private extension Array {
    /// The two elements of a two-element array.
    var splat: (Element, Element) { (self[0], self[1]) }
}
