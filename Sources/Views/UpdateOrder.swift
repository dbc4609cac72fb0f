import Constraints

/// The order in which a sliced update brings a host's nodes up to date: the elements of every
/// large container (a list) before the container, deepest containers first, so that no container's
/// node runs while many of its inputs are still out of date (``ViewHost/prepareUpdate(at:)``).
///
/// Why: a container's layout and display list read all its elements (many inputs, one value). An
/// update that pulls only the root display list reaches the rows from inside those nodes' runs:
/// once Hudson's walk finds an input of a container changed and runs it, the container's run
/// brings every later element up to date itself, and a running closure cannot be stopped, so the
/// whole list is one step of the update. Listed children first, each element (a row) is a step of
/// its own, between which the update may stop, and the container's run then finds them up to date.
///
/// Layouts come before display lists because a display list reads its frame, which reads the
/// layouts of the containers above it: listed first, a layout change too is brought up to date
/// element by element, rather than inside the first display list pulled.
///
/// Each container records itself when it is made (``record(depth:elements:layout:displayList:)``),
/// weakly: a container whose subgraph was destroyed drops out. The elements listed are those of the
/// container's last run. What the order costs: an element the container no longer shows (a row
/// just removed, still out of date) may be evaluated once though no frame reads it; elements the
/// container's next run adds are made inside that run, unsliced; and the list is made again for
/// each slice, two handles per listed element (on the real clock, a fraction of a millisecond for
/// a list of 800 rows). Otherwise the update evaluates exactly what a plain render would.
final class UpdateOrder {
    /// A container's nodes, held weakly.
    private struct Container {
        let elements: WeakNode<[ViewElement]>
        let layout: WeakNode<LayoutComputer>
        let displayList: WeakNode<DisplayList>
    }

    /// The fewest elements a container must have for the order to list them. A smaller container
    /// (a row's stack) is a small step of its own: the step that brings its parent's element up to
    /// date brings it and its elements along. Listing them too would make the list several times
    /// longer, and a slice handles the whole list each time (a few hundred nanoseconds per node on
    /// the real clock: more than the evaluations it would save from running unsliced).
    static let listedElementCount = 16

    /// Containers by nesting depth (0: outermost), in the order they were made.
    private var containers: [[Container]] = []

    /// Records a container nested `depth` containers deep.
    func record(depth: Int, elements: Rule<[ViewElement]>, layout: Rule<LayoutComputer>, displayList: Rule<DisplayList>) {
        while containers.count <= depth { containers.append([]) }
        containers[depth].append(Container(elements: WeakNode(elements), layout: WeakNode(layout), displayList: WeakNode(displayList)))
    }

    /// The layouts of every live container's elements and of the container, deepest containers
    /// first, then `rootLayout`, then their display lists in the same order, then
    /// `rootDisplayList`; destroyed containers are forgotten.
    func nodes(rootLayout: Rule<LayoutComputer>, rootDisplayList: Rule<DisplayList>) -> [any GraphNode] {
        for depth in containers.indices {
            containers[depth].removeAll { $0.elements.rule == nil }
        }
        let deepestFirst = containers.reversed().joined()
        var layouts: [any GraphNode] = [], displayLists: [any GraphNode] = []
        for container in deepestFirst {
            guard let elements = container.elements.cachedValue, elements.count >= Self.listedElementCount,
                  let layout = container.layout.rule, let displayList = container.displayList.rule,
                  Self.needsUpdate(layout) || Self.needsUpdate(displayList) else { continue }
            for element in elements {
                layouts.append(element.outputs.layout)
                displayLists.append(element.outputs.displayList)
            }
            layouts.append(layout)
            displayLists.append(displayList)
        }
        return layouts + [rootLayout] + displayLists + [rootDisplayList]
    }

    /// Whether `rule` never ran or is marked out of date. A container neither of whose nodes needs
    /// an update has no element that does (a mark reaches every node downstream), so it is skipped
    /// with its elements: the order lists only what the next render would evaluate.
    private static func needsUpdate<Value>(_ rule: Rule<Value>) -> Bool {
        let state = rule.state
        return !state.contains(.valueExists) || state.contains(.dirty)
    }
}
