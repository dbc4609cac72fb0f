import Constraints

/// The order in which a sliced update brings a host's nodes up to date: the elements (rows) of
/// every list, a container whose content has a `ForEach`, before the list, deepest lists first,
/// so that no list's node runs while many of its inputs are still out of date
/// (``ViewHost/prepareUpdate(at:)``).
///
/// Why: a container's layout and display list read all its elements (many inputs, one value). An
/// update that pulls only the root display list reaches the rows from inside those nodes' runs:
/// once Hudson's walk finds an input of a container changed and runs it, the container's run
/// brings every later element up to date itself, and a running closure cannot be stopped, so the
/// whole list is one step of the update. Listed first, each row is a step of its own, between
/// which the update may stop, and the list's run then finds them up to date.
///
/// Layouts come before display lists because a display list reads its frame, which reads the
/// layouts of the containers above it: listed first, a layout change too is brought up to date
/// row by row, rather than inside the first display list pulled.
///
/// Only lists are listed: a container of a few static children (a row's stack) is a small step
/// already, brought up to date by the step of the row that holds it, and every listed node costs
/// bookkeeping on each slice. A static container of many children is therefore not sliced.
///
/// Each list records itself when it is made (``record(depth:isNested:elements:layout:displayList:)``),
/// weakly: a list whose subgraph was destroyed drops out. The rows listed must be the list's
/// current ones: a row the list drops is destroyed when its elements node runs, and a node left
/// listed might read what was destroyed with it. So before listing, the order brings the elements
/// of every list that is not in another list's row up to date, which reconciles its rows with its
/// data (made, kept, destroyed: the `ForEach` bookkeeping, one presence evaluation per row, and
/// the row views a row's content needs to say how many elements it has, not the rows' bodies in
/// general). A list nested in a row is listed with its rows only when its elements are up to
/// date; otherwise it is left to the step of the row that holds it. A listed node can still be
/// destroyed during the update (its list was in an `if` branch the update switches off); the
/// engine skips it then, since every node of a row, `ForEach`'s transition wrapper included,
/// belongs to the row's subgraph. What the order costs:
/// - that reconciliation, in one piece, before the first slice stops;
/// - bookkeeping, not evaluations: the order is made again for each slice, two handles per row of
///   each list that is out of date, and the engine takes each listed node as an update of its own
///   (a type check and a walk set up per node). A list is out of date for any change in it (its
///   display list is marked through the changed row's), so every row of it is listed even when
///   one row changed (`Docs/Performance.md` gives what that cost on `wide-list`).
/// Otherwise the update evaluates exactly what a plain render would.
final class SlicedUpdateOrder {
    /// A list's nodes, held weakly.
    private struct List {
        /// Whether the list is in a row of another list.
        let isNested: Bool
        let elements: WeakNode<[ViewElement]>
        let layout: WeakNode<LayoutComputer>
        let displayList: WeakNode<DisplayList>
    }

    /// Lists by nesting depth (0: outermost), in the order they were made.
    private var lists: [[List]] = []

    /// Records a list nested `depth` containers deep, in a row of another list if `isNested`.
    func record(depth: Int, isNested: Bool, elements: Rule<[ViewElement]>, layout: Rule<LayoutComputer>,
                displayList: Rule<DisplayList>) {
        while lists.count <= depth { lists.append([]) }
        lists[depth].append(List(isNested: isNested, elements: WeakNode(elements), layout: WeakNode(layout),
                                 displayList: WeakNode(displayList)))
    }

    /// Brings the elements of every list not nested in a row up to date (their rows reconciled;
    /// rows dropped are destroyed), then returns the layouts of the rows of every live list that
    /// is out of date and of the list, deepest lists first, then `rootLayout`, then their display
    /// lists in the same order, then `rootDisplayList`. Destroyed lists are forgotten.
    ///
    /// While some listed row's layout is out of date, only the layouts are returned: the rows'
    /// layouts are brought up to date in slices, and nothing that reads a frame runs before the
    /// lists know whether their rows changed size (a row's display list would otherwise be
    /// evaluated with its old frame, then again). Once no row's layout is out of date, the
    /// graph's effects are flushed first: they watch the rows' layouts for their lists
    /// (``ElementLayoutWatch``), which costs a read of an up-to-date value per changed row, and
    /// mark the lists whose rows' layouts changed; then everything is returned. So an update in
    /// slices must prepare again once the nodes it was given are up to date, and is finished only
    /// when that hands out nothing out of date (as `sliced` does). Rows of lists that are not
    /// listed (nested in another list's row whose elements are out of date) are not waited for:
    /// their watches run inside the flush, in one piece.
    func nodes(rootLayout: Rule<LayoutComputer>, rootDisplayList: Rule<DisplayList>, graph: Graph) -> [any GraphNode] {
        for list in lists.joined() where !list.isNested {
            if let elements = list.elements.rule, Self.needsUpdate(elements) { _ = elements.value }
        }
        for depth in lists.indices {
            lists[depth].removeAll { !$0.elements.isAlive }
        }
        var listed = listedNodes(rootLayout: rootLayout, rootDisplayList: rootDisplayList)
        if listed.rowsOutOfDate { return listed.layouts }
        if graph.hasPendingEffects {
            graph.flush()
            listed = listedNodes(rootLayout: rootLayout, rootDisplayList: rootDisplayList)
        }
        return listed.layouts + listed.displayLists
    }

    /// The layouts (the rows' and the lists', then `rootLayout`) and the display lists (in the same
    /// order, then `rootDisplayList`) of the lists that are out of date, and whether a row's layout
    /// among them is out of date.
    private func listedNodes(rootLayout: Rule<LayoutComputer>, rootDisplayList: Rule<DisplayList>)
        -> (layouts: [any GraphNode], displayLists: [any GraphNode], rowsOutOfDate: Bool) {
        var layouts: [any GraphNode] = [], displayLists: [any GraphNode] = []
        var rowsOutOfDate = false
        for list in lists.reversed().joined() {
            guard let layout = list.layout.rule, let displayList = list.displayList.rule,
                  Self.needsUpdate(layout) || Self.needsUpdate(displayList) else { continue }
            if let elements = list.elements.rule, !Self.needsUpdate(elements) {
                for element in elements.cachedValue ?? [] {
                    if !rowsOutOfDate && Self.needsUpdate(element.outputs.layout) { rowsOutOfDate = true }
                    layouts.append(element.outputs.layout)
                    displayLists.append(element.outputs.displayList)
                }
            }
            layouts.append(layout)
            displayLists.append(displayList)
        }
        return (layouts + [rootLayout], displayLists + [rootDisplayList], rowsOutOfDate)
    }

    /// Whether `rule` never ran or is marked out of date. A list neither of whose nodes needs an
    /// update has no row that does (a mark reaches every node downstream), so it is skipped with
    /// its rows.
    private static func needsUpdate<Value>(_ rule: Rule<Value>) -> Bool {
        let state = rule.state
        return !state.contains(.valueExists) || state.contains(.dirty)
    }
}
