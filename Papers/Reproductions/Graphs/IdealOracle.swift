/// The work an ideal lazy evaluator must do and may do, computed from scratch from the
/// ``GraphSpec`` alone: it knows nothing of how an evaluator marks or walks.
///
/// The oracle replays a workload step by step. At each step it evaluates every node from scratch
/// and derives:
///
/// - **demanded**: the rules the step's reads need, following only what each function reads with
///   the current values (a select needs its condition and its selected branch);
/// - **affected**: the rules one of whose inputs, as read before the step, changed value in the
///   step (what an eager evaluator with an equality cutoff would re-run);
/// - **required**: the demanded rules that must re-run because a node they read when they were
///   last demanded now has a different value;
/// - **allowed**: the demanded rules that may re-run because a node they read when they were last
///   demanded changed value at some step since (possibly back to the value they saw);
/// - **marks**: how many rules become out of date when the changed inputs are propagated along the
///   dependencies recorded when each rule was last demanded, not counting rules that were already
///   out of date (rules stay out of date until they are next demanded).
///
/// An evaluator that "evaluates only what is affected and demanded" runs every required rule and
/// only allowed rules. The two sets differ only when a value changes and changes back while a
/// rule that read it is not demanded.
///
/// The oracle starts as if every rule had been demanded once with the initial values.
final class IdealOracle {
    /// What one step requires.
    struct Expectation {
        var changedInputs = 0
        var affected = 0
        var demanded = 0
        /// Indexed by node id.
        var required: [Bool]
        /// Indexed by node id.
        var allowed: [Bool]
        var requiredCount = 0
        var allowedCount = 0
        var marks = 0
    }

    let spec: GraphSpec
    /// Every node's value after the last step, from scratch.
    private(set) var values: [Int]
    private var previousValues: [Int]
    private var step = 0
    /// The last step at which each node's from-scratch value changed.
    private var lastChange: [Int]
    /// The last step at which each rule was demanded.
    private var lastDemanded: [Int]
    /// For selects: the parent slot of the branch read when last demanded.
    private var recordedBranchSlot: [Int32]
    /// Per parent slot of the spec: the parent's value when its node was last demanded.
    private var seenValues: [Int]
    private var outOfDate: [Bool]
    private var demandStamp: [Int]

    init(spec: GraphSpec) {
        self.spec = spec
        values = spec.evaluateAll(inputValues: spec.initialInputValues)
        previousValues = values
        lastChange = Array(repeating: 0, count: spec.count)
        lastDemanded = Array(repeating: 0, count: spec.count)
        recordedBranchSlot = Array(repeating: -1, count: spec.count)
        seenValues = Array(repeating: 0, count: spec.edgeCount)
        outOfDate = Array(repeating: false, count: spec.count)
        demandStamp = Array(repeating: -1, count: spec.count)
        for node in 0 ..< Int32(spec.count) where spec.kinds[Int(node)] != .input { record(node) }
    }

    /// Applies `step` and returns what it requires of an evaluator.
    func apply(_ step: Step) -> Expectation {
        self.step += 1
        let now = self.step
        previousValues = values
        var inputValues = values
        for write in step.writes { inputValues[Int(write.node)] = write.value }
        values = spec.evaluateAll(inputValues: inputValues)

        var expectation = Expectation(
            required: Array(repeating: false, count: spec.count),
            allowed: Array(repeating: false, count: spec.count)
        )
        var changedInputs: [Int32] = []
        for node in 0 ..< spec.count where values[node] != previousValues[node] {
            lastChange[node] = now
            if spec.kinds[node] == .input { changedInputs.append(Int32(node)) }
        }
        expectation.changedInputs = changedInputs.count

        for node in 0 ..< Int32(spec.count) where spec.kinds[Int(node)] != .input {
            var affected = false
            spec.forEachRead(of: node, values: previousValues) { parent in
                if values[Int(parent)] != previousValues[Int(parent)] { affected = true }
            }
            if affected { expectation.affected += 1 }
        }

        expectation.marks = propagateMarks(from: changedInputs)

        // Demanded rules, depth-first from the reads, following what each function reads now.
        var stack = step.reads
        var demanded: [Int32] = []
        while let node = stack.popLast() {
            guard demandStamp[Int(node)] != now, spec.kinds[Int(node)] != .input else { continue }
            demandStamp[Int(node)] = now
            demanded.append(node)
            spec.forEachRead(of: node, values: values) { stack.append($0) }
        }
        expectation.demanded = demanded.count
        for node in demanded {
            var required = false, allowed = false
            forEachRecordedRead(of: node) { slot, parent in
                if values[Int(parent)] != seenValues[slot] { required = true }
                if lastChange[Int(parent)] > lastDemanded[Int(node)] { allowed = true }
            }
            expectation.required[Int(node)] = required
            expectation.allowed[Int(node)] = allowed
            if required { expectation.requiredCount += 1 }
            if allowed { expectation.allowedCount += 1 }
        }
        for node in demanded { record(node) }
        return expectation
    }

    /// Marks rules out of date along the recorded dependencies, depth-first from the readers of the
    /// changed inputs, stopping at rules already out of date; returns how many were marked.
    private func propagateMarks(from changedInputs: [Int32]) -> Int {
        // Readers of each node according to the recorded reads, in compressed rows.
        var readerCount = Array(repeating: 0, count: spec.count + 1)
        for node in 0 ..< Int32(spec.count) where spec.kinds[Int(node)] != .input {
            forEachRecordedRead(of: node) { _, parent in readerCount[Int(parent) + 1] += 1 }
        }
        for index in 0 ..< spec.count { readerCount[index + 1] += readerCount[index] }
        var fill = readerCount
        var readers = Array(repeating: Int32(0), count: readerCount[spec.count])
        for node in 0 ..< Int32(spec.count) where spec.kinds[Int(node)] != .input {
            forEachRecordedRead(of: node) { _, parent in
                readers[fill[Int(parent)]] = node
                fill[Int(parent)] += 1
            }
        }
        var marks = 0
        var stack: [Int32] = []
        for input in changedInputs {
            stack += readers[readerCount[Int(input)] ..< readerCount[Int(input) + 1]]
            while let node = stack.popLast() {
                guard !outOfDate[Int(node)] else { continue }
                outOfDate[Int(node)] = true
                marks += 1
                stack += readers[readerCount[Int(node)] ..< readerCount[Int(node) + 1]]
            }
        }
        return marks
    }

    /// Calls `body` with each parent slot `node` read when it was last demanded, and its parent.
    @inline(__always)
    private func forEachRecordedRead(of node: Int32, _ body: (_ slot: Int, _ parent: Int32) -> Void) {
        let start = Int(spec.parentStart[Int(node)])
        if spec.kinds[Int(node)] == .select {
            let branchSlot = Int(recordedBranchSlot[Int(node)])
            body(start, spec.parents[start])
            body(branchSlot, spec.parents[branchSlot])
        } else {
            for slot in start ..< Int(spec.parentStart[Int(node) + 1]) { body(slot, spec.parents[slot]) }
        }
    }

    /// Records what rule `node` reads with the current values: it is demanded now.
    private func record(_ node: Int32) {
        let start = Int(spec.parentStart[Int(node)])
        if spec.kinds[Int(node)] == .select {
            let condition = values[Int(spec.parents[start])]
            let branchSlot = start + (condition & 1 == 0 ? 1 : 2)
            recordedBranchSlot[Int(node)] = Int32(branchSlot)
            seenValues[start] = condition
            seenValues[branchSlot] = values[Int(spec.parents[branchSlot])]
        } else {
            for slot in start ..< Int(spec.parentStart[Int(node) + 1]) {
                seenValues[slot] = values[Int(spec.parents[slot])]
            }
        }
        lastDemanded[Int(node)] = step
        outOfDate[Int(node)] = false
    }
}
