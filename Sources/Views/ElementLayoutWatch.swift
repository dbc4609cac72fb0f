import Constraints

/// An element's layout computer as a list reads it: without an edge from the element's layout
/// node, but watched by an effect of the element that bumps the list's layout version only when
/// the element's layout-computer value changed (its change stamp, ``Constraints/Rule/valueChangedAt``,
/// moved: the layout rule's own cutoff compared the values).
///
/// Why: a list's layout reads the layouts of all its rows, so a list's layout that read its rows'
/// layout nodes directly would be marked by any change in any row, and would run again, with its
/// placement, for a change that moves nothing (a row's color): the mark phase follows edges, not
/// values, and each of those runs costs work per row of the list. Read this way, a mark from a
/// row stops at the row's effect, queued for ``Graph/flush()``. The host flushes before it reads the root display list (a render, an
/// asynchronous render, eager's `updateOutputs`) and, for the nodes of a sliced update, once no
/// listed row's layout is out of date (``SlicedUpdateOrder``), so the effect brings the row's layout up
/// to date then, and marks the list (through its version input) only when the value really
/// changed. An asynchronous render declines while a waiting effect lies below a dirty node that
/// requires the main thread.
///
/// The effect is made on the list's first read of the element (inside the list's layout, where
/// the element's layout would be evaluated anyway), in the element's subgraph, so that it goes
/// with the element; building a list evaluates the element's layout where and when a plain read
/// would.
final class ElementLayoutWatch: @unchecked Sendable {
    /// The element's layout-computer node.
    private let layout: Rule<LayoutComputer>
    /// The subgraph the element was made in.
    private let subgraph: Subgraph?
    /// Keeps the effect; the graph cancels it with the element's subgraph.
    private var effect: Effect?
    /// What the list remembers of the element's current layout value, and the stamp of that value
    /// (``Constraints/Rule/valueChangedAt``).
    private var memo: (stamp: UInt64?, memo: ChildLayoutMemo)?
    /// The element's position in its list when the list last read every element.
    var position = -1

    init(layout: Rule<LayoutComputer>, subgraph: Subgraph?) {
        self.layout = layout
        self.subgraph = subgraph
    }

    /// The element's layout computer, with what the list remembers of it (``ListLayout``), read
    /// inside the layout rule of the list whose layout version is `version` without recording an
    /// edge (the list reads `version` itself). The first read makes the effect, which evaluates
    /// the element's layout. While the element's layout node is up to date with the value last
    /// read, its value is not read again.
    func read(in graph: Graph, version: Input<Int>, changes: LayoutChanges) -> ChildLayoutMemo {
        if effect == nil {
            let layout = self.layout
            // The stamp of the value the effect saw last: the layout rule's cutoff already
            // compared values, so a new stamp is a changed value (see `Rule.valueChangedAt`).
            var lastStamp: UInt64?
            effect = graph.withCurrentSubgraph(subgraph) {
                graph.effect(name: "layout.watch") { [unowned graph, weak self] in
                    _ = layout.value
                    let stamp = layout.valueChangedAt
                    // Bumped without reading it as an input: the effect must not depend on the
                    // version it writes (its own write would queue it again).
                    if let lastStamp, lastStamp != stamp, let self {
                        changes.watches.append(self)
                        graph.withoutRecordingReads { version.value += 1 }
                    }
                    lastStamp = stamp
                }
            }
        }
        if let memo, let stamp = layout.valueChangedAt, stamp == memo.stamp { return memo.memo }
        let value = graph.withoutRecordingReads { layout.value }
        let stamp = layout.valueChangedAt
        if let memo, stamp != nil, memo.stamp == stamp { return memo.memo }
        let made = ChildLayoutMemo(value: value)
        memo = (stamp, made)
        return made
    }
}
