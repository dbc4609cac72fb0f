/// The graph shapes of the experiments. Each returns a ``Workload`` of about `nodes` nodes.
extension Workload {
    /// An input followed by `nodes − 1` rules, each its predecessor plus one; the tail is read.
    /// Every change affects every node: the worst case for any incremental algorithm.
    static func chain(nodes: Int) -> Workload {
        var spec = GraphSpec()
        var last = spec.addInput(0)
        for _ in 1 ..< max(2, nodes) { last = spec.addSum(of: [last], plus: 1) }
        let input: Int32 = 0, tail = last
        return Workload(name: "chain", spec: spec, outputs: [tail]) { _, random in
            Step(writes: [Write(node: input, value: random.inputValue())], reads: [tail])
        }
    }

    /// An input read by `nodes − 1` independent rules, of which only every `readEvery`-th is read:
    /// every rule is affected by a change, few are demanded.
    static func fanOut(nodes: Int, readEvery: Int = 100) -> Workload {
        var spec = GraphSpec()
        let input = spec.addInput(0)
        var outputs: [Int32] = []
        for index in 1 ..< max(2, nodes) {
            let leaf = spec.addSum(of: [input], plus: index)
            if index % readEvery == 1 || readEvery == 1 { outputs.append(leaf) }
        }
        let observed = outputs
        return Workload(name: "fan-out", spec: spec, outputs: observed) { _, random in
            Step(writes: [Write(node: input, value: random.inputValue())], reads: observed)
        }
    }

    /// A string of diamonds: each node `a` feeds `l = a + 1` and `r = a mod 2²⁰`, which meet in
    /// `j = l + r`, the next diamond's top. A glitch-free algorithm evaluates each node once per
    /// change. (With `r = a + 2` instead, `j` would double `a` at every diamond and stop depending
    /// on the input after 64 of them.)
    static func diamonds(nodes: Int) -> Workload {
        var spec = GraphSpec()
        var top = spec.addInput(0)
        while spec.count + 3 <= max(4, nodes) {
            let left = spec.addSum(of: [top], plus: 1)
            let right = spec.addResidue(of: [top], modulus: 1 << 20)
            top = spec.addSum(of: [left, right])
        }
        let input: Int32 = 0, tail = top
        return Workload(name: "diamonds", spec: spec, outputs: [tail]) { _, random in
            Step(writes: [Write(node: input, value: random.inputValue())], reads: [tail])
        }
    }

    /// Two chains of `(nodes − 4) / 2` rules fed by inputs `a` and `b`, and a select that reads the
    /// tail of one of them depending on the parity of input `condition`. Every step changes `a` and
    /// `b`; every `switchEvery`-th step flips the condition. Only the selected chain is demanded.
    static func conditional(nodes: Int, switchEvery: Int = 3) -> Workload {
        var spec = GraphSpec()
        let condition = spec.addInput(0)
        let a = spec.addInput(0), b = spec.addInput(0)
        let length = max(1, (nodes - 4) / 2)
        var tailA = a, tailB = b
        for _ in 0 ..< length { tailA = spec.addSum(of: [tailA], plus: 1) }
        for _ in 0 ..< length { tailB = spec.addSum(of: [tailB], plus: 1) }
        let output = spec.addSelect(condition: condition, ifEven: tailA, ifOdd: tailB)
        return Workload(name: "conditional", spec: spec, outputs: [output]) { index, random in
            var writes = [Write(node: a, value: random.inputValue()), Write(node: b, value: random.inputValue())]
            if (index + 1) % switchEvery == 0 { writes.append(Write(node: condition, value: (index + 1) / switchEvery)) }
            return Step(writes: writes, reads: [output])
        }
    }

    /// A random DAG with locality, like the constraint graphs of a user interface: about one node in
    /// ten is an input; every rule reads one to three nodes among the 64 before it and is a sum
    /// (60 %), a residue modulo 3 (25 %, so that cutoffs happen) or a select (15 %, so that
    /// dependencies switch). A random tenth of the rules is read; each step writes two random inputs.
    static func randomDAG(nodes: Int, seed: UInt64 = 1) -> Workload {
        var random = SplitMix64(seed: seed)
        var spec = GraphSpec()
        spec.addInput(random.inputValue())
        let window = 64
        for id in 1 ..< max(2, nodes) {
            let lowest = max(0, id - window)
            func pick() -> Int32 { Int32(Int.random(in: lowest ..< id, using: &random)) }
            let roll = Int.random(in: 0 ..< 100, using: &random)
            if roll < 10 {
                spec.addInput(random.inputValue())
            } else if roll < 25 && id >= 3 {
                spec.addSelect(condition: pick(), ifEven: pick(), ifOdd: pick())
            } else {
                var parents: [Int32] = []
                for _ in 0 ..< Int.random(in: 1 ... min(3, id), using: &random) {
                    let parent = pick()
                    if !parents.contains(parent) { parents.append(parent) }
                }
                if roll < 50 {
                    spec.addResidue(of: parents, modulus: 3)
                } else {
                    spec.addSum(of: parents, plus: Int.random(in: 0 ..< 100, using: &random))
                }
            }
        }
        let inputs = spec.inputs
        let rules = (0 ..< Int32(spec.count)).filter { spec.kinds[Int($0)] != .input }
        var outputs = rules.filter { _ in Int.random(in: 0 ..< 10, using: &random) == 0 }
        if outputs.isEmpty, let last = rules.last { outputs = [last] }
        let observed = outputs
        return Workload(name: "random DAG", spec: spec, outputs: observed) { _, random in
            let writes = (0 ..< 2).map { _ in
                Write(node: inputs[Int.random(in: 0 ..< inputs.count, using: &random)], value: random.inputValue())
            }
            return Step(writes: writes, reads: observed)
        }
    }

    /// `components` independent chains of `length` nodes each (an input and `length − 1` rules).
    /// Each step changes the input of one random component and reads that component's tail, so
    /// the affected and demanded part is `length − 1` rules whatever the size of the graph.
    static func forest(components: Int, length: Int) -> Workload {
        var spec = GraphSpec()
        var inputs: [Int32] = [], tails: [Int32] = []
        for _ in 0 ..< max(1, components) {
            var last = spec.addInput(0)
            inputs.append(last)
            for _ in 1 ..< max(2, length) { last = spec.addSum(of: [last], plus: 1) }
            tails.append(last)
        }
        let componentInputs = inputs, componentTails = tails
        return Workload(name: "forest", spec: spec, outputs: componentTails) { _, random in
            let component = Int.random(in: 0 ..< componentInputs.count, using: &random)
            return Step(writes: [Write(node: componentInputs[component], value: random.inputValue())], reads: [componentTails[component]])
        }
    }

    /// `fanIn` inputs, then rules that each sum the `fanIn` nodes before them: every rule has
    /// exactly `fanIn` input edges (used to separate the storage per node from the storage per edge).
    static func fanIn(nodes: Int, fanIn: Int) -> Workload {
        var spec = GraphSpec()
        for _ in 0 ..< fanIn { spec.addInput(0) }
        while spec.count < nodes {
            let id = Int32(spec.count)
            spec.addSum(of: (1 ... Int32(fanIn)).map { id - $0 }, plus: 1)
        }
        let last = Int32(spec.count - 1)
        return Workload(name: "fan-in \(fanIn)", spec: spec, outputs: [last]) { _, random in
            Step(writes: [Write(node: 0, value: random.inputValue())], reads: [last])
        }
    }

    /// A chain of `nodes` rules with `changePoints` inputs feeding it at evenly spaced positions
    /// (input `j` is added into the chain at position `j · nodes / changePoints`); the tail is read.
    static func comb(nodes: Int, changePoints: Int) -> Workload {
        var spec = GraphSpec()
        let inputs = (0 ..< changePoints).map { _ in spec.addInput(0) }
        var inputAtPosition: [Int: Int32] = [:]
        for point in 1 ..< changePoints { inputAtPosition[point * nodes / changePoints] = inputs[point] }
        var last = spec.addSum(of: [inputs[0]])
        for position in 1 ..< nodes {
            if let input = inputAtPosition[position] {
                last = spec.addSum(of: [last, input])
            } else {
                last = spec.addSum(of: [last], plus: 1)
            }
        }
        let tail = last
        return Workload(name: "comb", spec: spec, outputs: [tail]) { _, random in
            Step(writes: [Write(node: inputs[0], value: random.inputValue())], reads: [tail])
        }
    }
}
