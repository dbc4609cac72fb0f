import Constraints

/// An element's layout computer as a list reads it: a copy in an input, which an effect writes
/// only when the element's layout-computer value changed.
///
/// Why: a list's layout reads the layouts of all its rows, and every row's frame reads the list's
/// placement, so a list's layout that read its rows' layout nodes directly would be marked by any
/// change in any row, and would mark every row's frame in turn: the mark phase follows edges, not
/// values, so a change that moves nothing (a row's color) would still mark some nodes per row of
/// the list. Read through the copy, a mark from a row stops at the row's effect, queued for
/// ``Graph/flush()``. The host flushes before it reads the root display list (a render, an
/// asynchronous render, eager's `updateOutputs`) and, for the nodes of a sliced update, once no
/// listed row's layout is out of date (``UpdateOrder``), so the effect brings the row's layout up
/// to date then, and marks the list only when the value really changed. An asynchronous render
/// declines while a waiting effect lies below a dirty node that requires the main thread.
///
/// The effect and the input are made on the list's first read of the element (inside the list's
/// layout, where the element's layout would be evaluated anyway), in the element's subgraph, so
/// that they go with the element; building a list evaluates what it did before, in the same order.
final class ElementLayoutCopy: @unchecked Sendable {
    /// The element's layout-computer node.
    private let layout: Rule<LayoutComputer>
    /// The subgraph the element was made in.
    private let subgraph: Subgraph?
    /// The copy, made by the effect's first run.
    private let cell = Cell()
    /// Keeps the effect; the graph cancels it with the element's subgraph.
    private var effect: Effect?

    /// Where the effect keeps the copy (not the copy's owner, so that the effect's closure does
    /// not keep the owner alive).
    private final class Cell: @unchecked Sendable {
        var input: Input<LayoutComputer>?
    }

    init(layout: Rule<LayoutComputer>, subgraph: Subgraph?) {
        self.layout = layout
        self.subgraph = subgraph
    }

    /// The element's layout computer, read through the copy (inside a list's layout rule). The
    /// first read makes the effect, which evaluates the element's layout and makes the copy.
    func read(in graph: Graph) -> LayoutComputer {
        if let input = cell.input { return input.value }
        let layout = self.layout, cell = self.cell
        effect = graph.withCurrentSubgraph(subgraph) {
            graph.effect(name: "layout.copy") { [unowned graph] in
                let value = layout.value
                if let input = cell.input {
                    input.value = value
                } else {
                    cell.input = graph.input(value, name: "layout.copy.value")
                }
            }
        }
        return cell.input!.value
    }
}
