import Constraints

/// The order in which a sliced update brings a host's nodes up to date: every container's
/// elements before the container, deepest containers first, so that no container's node runs
/// while many of its inputs are still out of date (``ViewHost/prepareUpdate(at:)``).
///
/// Why: a container's layout and display list read all its elements (many inputs, one value). An
/// update that pulls only the root display list reaches the rows from inside those nodes' runs:
/// once Hudson's walk finds an input of a container changed and runs it, the container's run
/// brings every later element up to date itself, and a running closure cannot be stopped, so the
/// whole list is one step of the update. Listed children first, each element is a step of its
/// own, between which the update may stop, and the container's run then finds them up to date.
///
/// Layouts come before display lists: a display list reads its frame, which reads the layouts of
/// the containers above it, so that a layout change is brought up to date element by element
/// too rather than inside the first display list pulled.
///
/// Each container records itself when it is made (``record(depth:elements:layout:displayList:)``),
/// weakly: a container whose subgraph was destroyed drops out. The elements listed are those of the
/// container's last run, so the cost of the order is that an element the container no longer
/// shows (a row just removed, still out of date) may be evaluated once more than a plain pull
/// would, and that elements the container's next run adds are made inside that run, unsliced.
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
