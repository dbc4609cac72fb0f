// Interruptible updates: bringing rules up to date in slices, between which other work (an event
// handler, the next frame) may take the update lock.

extension Graph {
    /// Brings `nodes` up to date, in order, as long as `mayContinue` allows: it is asked before
    /// each evaluation but the first, and the update stops, between two evaluations, at the first
    /// `false`.
    ///
    /// Hudson's lazy algorithm lets an update stop there: a rule brought up to date keeps its new
    /// value, and one still out of date is decided again by the next walk that reaches it. So a
    /// stopped update leaves the graph consistent (no rule marked as being updated, no edge half
    /// recorded, nothing out of date lost), and calling this again continues it: the same values,
    /// with the same total number of evaluations as one uninterrupted update.
    ///
    /// The first evaluation always runs, so that every call makes progress; a running closure is
    /// never stopped. Called from inside a rule's or an effect's closure, the update is nested in
    /// that closure's and runs to the end (`mayContinue` is not asked). Inputs are always up to date;
    /// effects run at ``flush()``, so both are skipped. Destroyed nodes are skipped.
    ///
    /// - Returns: whether every node of `nodes` is up to date.
    /// - Precondition: every node belongs to this graph.
    @discardableResult
    public func update(_ nodes: [any GraphNode], continuingWhile mayContinue: () -> Bool) -> Bool {
        counters.nodesRequested += nodes.count
        let ids = nodes.map(pullableID(of:))
        return withoutActuallyEscaping(mayContinue) { mayContinue in
            if recorder.isRunning {
                for id in ids where id >= 0 { bringUpToDate(id) }
                return true
            }
            var budget = EvaluationsWhile(mayContinue)
            for id in ids where id >= 0 && !table[id].flags.isUpToDate {
                watchStackFromHere()
                if !bringUpToDate(id, within: &budget) { return false }
            }
            return true
        }
    }

    /// ``update(_:continuingWhile:)`` until `deadline` by `clock`: no evaluation but the first
    /// starts once `clock.now` has reached `deadline`. A test can pass a clock it advances itself.
    @discardableResult
    public func update<C: Clock>(_ nodes: [any GraphNode], before deadline: C.Instant, on clock: C) -> Bool {
        update(nodes) { clock.now < deadline }
    }

    /// The id of `node` for an update: -1 for a destroyed node, an input or an effect.
    private func pullableID(of node: any GraphNode) -> Int32 {
        // The node's graph while it exists, and its id if it may be pulled (an effect never is).
        let graph: Graph?, id: Int32
        if let effect = node as? Effect {
            (graph, id) = (effect.liveGraph, -1)
        } else if let node = node as? any ValueNode {
            let live = node.liveNode
            (graph, id) = (live?.graph, live?.id ?? -1)
        } else {
            fatalError("Constraints: update(_:continuingWhile:) takes the graph's own Input, Rule and Effect handles, "
                + "not \(type(of: node))")
        }
        guard let graph else { return -1 }
        guard graph === self else {
            fatalError("Constraints: update(_:continuingWhile:) was given '\(node.name)', a node of another graph")
        }
        return id < 0 || table[id].flags.contains(.input) ? -1 : id
    }
}
