// The engine's invariants, checked after every outermost mark and every outermost update when the
// package is built with `-Xswiftc -DCONSTRAINTS_INTERNAL_CHECKS` (as `.ci/run` does for one run of
// the test suite). In other builds the hooks below are empty and cost nothing. The invariants are
// listed with ``NodeFlags`` and ``NodeRecord`` and explained in `Docs/Engine.md`.

extension Graph {
    /// Checks the invariants after a mark, unless an update is in progress (an effect writing an
    /// input while it runs), whose end checks them.
    @inline(__always)
    func checkInvariantsAfterOutermostMark() {
        #if CONSTRAINTS_INTERNAL_CHECKS
        if walkStack.isEmpty && !recorder.isRunning { checkInvariants() }
        #endif
    }

    /// Checks the invariants after the outermost update and the work that waited for it.
    @inline(__always)
    func checkInvariantsAfterOutermostUpdate() {
        #if CONSTRAINTS_INTERNAL_CHECKS
        checkInvariants()
        #endif
    }

    #if CONSTRAINTS_INTERNAL_CHECKS
    /// Graphs with more nodes are not checked: a check visits every node and edge, and the depth
    /// tests' million-node chains would take hours.
    static var largestCheckedGraph: Int32 { 2_000 }

    /// Stops the program, naming the broken invariant, if the graph between updates is not as the
    /// algorithm leaves it.
    func checkInvariants() {
        precondition(walkStack.isEmpty && markStack.isEmpty && readScratch.isEmpty,
                     "Constraints invariant: the work stacks are empty between updates")
        precondition(!recorder.isRunning, "Constraints invariant: no closure runs between updates")
        guard table.endIndex <= Graph.largestCheckedGraph else { return }
        for id in 0 ..< table.endIndex where table.isLive(id) {
            let record = table[id]
            let flags = record.flags
            func fail(_ invariant: String) -> Never {
                fatalError("Constraints invariant broken at \(name(of: id)) (\(flags.rawValue)): \(invariant)")
            }
            if flags.contains(.visiting) { fail("nothing is visiting between updates") }
            if flags.contains(.mainThread) && !flags.contains(.dirty) { fail("the main-thread flag only on dirty nodes") }
            checkInputList(record.inputs, fail)
            checkEdgeList(record.outputs, of: id, fail)
            for index in 0 ..< record.inputs.count {
                let input = record.inputs[index]
                if !table.isLive(input) { fail("input #\(input) is a live node") }
                let mirror = record.inputs.mirror(at: index)
                if table[input].outputs.id(at: mirror) != id {
                    fail("input #\(input) lists it as a reader at its edge's mirror, \(mirror)")
                }
            }
            for index in 0 ..< record.outputs.count {
                let reader = record.outputs[index]
                if !table.isLive(reader) { fail("reader #\(reader) is a live node") }
                if table[reader].inputs.firstIndex(of: id) == nil { fail("reader #\(reader) lists it as an input") }
                if flags.contains(.dirty) && !table[reader].flags.contains(.dirty) {
                    fail("reader \(name(of: reader)) of a dirty node is dirty")
                }
            }
            // A read that closes a cycle returns a value that is about to change, so after one the
            // reader can be clean with a pending input (it is re-run when next marked).
            let isClean = flags.contains(.hasValue) && flags.isDisjoint(with: [.input, .dirty, .forceRun])
                && !hasReadThroughCycle
            if isClean, let pending = (0 ..< record.inputs.count).first(where: { isPending(from: record.inputs[$0], to: id) }) {
                fail("a clean node has no pending input (\(name(of: record.inputs[pending])) changed after it ran)")
            }
        }
    }

    /// Checks an input list: no id twice, a list of one id is stored inline, and an inline edge's
    /// record offset matches its id.
    private func checkInputList(_ inputs: InputList, _ fail: (String) -> Never) {
        if inputs.isSingle && inputs.raw != EdgeList.word(single: inputs.single) {
            fail("an inline edge's record offset matches its id")
        }
        var seen = Set<Int32>()
        for index in 0 ..< inputs.count where !seen.insert(inputs[index]).inserted {
            fail("no input list holds #\(inputs[index]) twice")
        }
        if inputs.count == 1 && !inputs.isSingle { fail("a list of one id is stored inline") }
    }

    /// Checks one edge list of node `id`: no id twice, and an inline edge's record offset matches
    /// its id.
    private func checkEdgeList(_ edges: EdgeList, of id: Int32, _ fail: (String) -> Never) {
        if edges.isSingle {
            if edges.raw != EdgeList.word(single: edges.single) { fail("an inline edge's record offset matches its id") }
            return
        }
        var seen = Set<Int32>()
        for index in 0 ..< edges.count where !seen.insert(edges[index]).inserted {
            fail("no edge list holds #\(edges[index]) twice")
        }
        if edges.count == 1 { fail("a list of one id is stored inline") }
    }
    #endif
}
