import Testing
@testable import Constraints

/// A subgraph's place among its parent's children, which it leaves in constant time however many
/// siblings it has.
@Suite struct SubgraphChildrenTests {
    /// A thousand rows of one parent destroyed one by one in a scrambled order: each leaves its
    /// parent's children in constant time (the last child takes its place), every other row and
    /// its nodes stay, and the structure stays consistent throughout.
    @Test func manySiblingsLeaveTheirParentInAnyOrder() {
        let graph = Graph()
        let parent = graph.makeSubgraph(name: "list")
        let rows = parent.withCurrent {
            (0 ..< 1_000).map { index in
                let row = graph.makeSubgraph(name: "row \(index)")
                row.withCurrent { _ = graph.input(index, name: "cell") }
                return row
            }
        }
        #expect(parent.children.count == 1_000 && graph.nodeCount == 1_000)
        // 7,919 is prime to 1,000, so this visits every row once, in a scrambled order.
        for step in 0 ..< 1_000 {
            rows[step * 7_919 % 1_000].destroy()
            if step % 250 == 0 { #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())") }
        }
        #expect(parent.children.isEmpty && graph.nodeCount == 0)
        #expect(rows.allSatisfy { $0.isDestroyed })
        #expect(graph.invariantViolations().isEmpty)
        parent.destroy()
        #expect(parent.isDestroyed)
    }

    /// A subgraph made inside the body of a subgraph that this body destroyed (and so tore down:
    /// no evaluation was running) is a root, as the nodes made there are: a child would keep an
    /// `unowned(unsafe)` reference to its parent after the parent goes, and destroying the child
    /// would then use freed memory.
    @Test func subgraphMadeInATornDownSubgraphIsARoot() {
        let graph = Graph()
        var doomed: Subgraph? = graph.makeSubgraph(name: "doomed")
        let late = doomed!.withCurrent {
            doomed!.destroy()
            let late = graph.makeSubgraph(name: "late")
            late.withCurrent { _ = graph.input(1, name: "cell") }
            return late
        }
        #expect(late.parent == nil && late.positionInParent == -1)
        #expect(doomed!.children.isEmpty)
        doomed = nil
        #expect(graph.nodeCount == 1 && graph.invariantViolations().isEmpty)
        late.destroy()
        #expect(graph.nodeCount == 0 && graph.invariantViolations().isEmpty)
    }
}
