import Constraints

/// The layout node of a container of dynamic content (a list, a conditional, whose elements can be
/// many): it reads its elements' layouts without edges from them, and a version its elements'
/// effects bump, so that a change in an element marks the container only when the element's
/// layout changed (``ElementLayoutWatch``). With its elements the same as in its last run and no
/// effect waiting, it reads again only the elements whose watch saw a change (``LayoutChanges``);
/// otherwise every element. A stack's layout is a ``ListLayout``, which remembers its elements'
/// sizes; any other container's is its arrangement's layout of its elements' layouts.
func makeWatchingLayout(
    graph: Graph, names: ContainerNames, elements: Rule<[ViewElement]>, arrangement: ContainerArrangement
) -> Rule<LayoutComputer> {
    let version = graph.input(0, name: names.layoutVersion)
    let changes = LayoutChanges()
    var previous: ListLayout?, previousElements: [ViewElement] = []
    return graph.rule(name: names.layout) { [unowned graph] in
        _ = version.value
        let current = elements.value
        defer {
            changes.watches.removeAll(keepingCapacity: true)
            previousElements = current
        }
        /// Every element's memo, read again.
        func readAll(_ elements: [ViewElement]) -> [ChildLayoutMemo] {
            elements.indices.map { index in
                let watch = elements[index].layoutWatch
                watch.position = index
                return watch.read(in: graph, version: version, changes: changes)
            }
        }
        // A stack's layout keeps its memos in a tree, whose next layout replaces only the paths
        // of the elements that changed.
        guard let shape = arrangement.stackShape else { return arrangement.layout(readAll(current).map(\.value)) }
        let memos: RowTree<ChildLayoutMemo, NoRowSummary<ChildLayoutMemo>>
        if let previous, current == previousElements, !graph.hasPendingEffects,
           changes.watches.allSatisfy({ current.indices.contains($0.position) && current[$0.position].layoutWatch === $0 }) {
            // The same elements, and every watch has run: only those that saw a change.
            var changed = previous.memos
            for watch in changes.watches {
                changed[watch.position] = watch.read(in: graph, version: version, changes: changes)
            }
            memos = changed
        } else {
            memos = RowTree(readAll(current))
        }
        let list = ListLayout(axis: shape.axis, spacing: shape.spacing, alignment: shape.alignment, memos: memos, previous: previous)
        previous = list
        return .list(list)
    }
}

/// The watches of a list's elements that saw their element's layout change since the list's layout
/// last ran: with its elements the same, and no effect waiting (so no other element's layout can
/// have changed unseen), the list reads only those elements again.
final class LayoutChanges: @unchecked Sendable {
    var watches: [ElementLayoutWatch] = []
}
