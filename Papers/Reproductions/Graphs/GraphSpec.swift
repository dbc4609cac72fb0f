/// The definition of a dataflow graph, independent of any evaluator: a list of nodes, each an
/// input or a function of earlier nodes. The same spec is instantiated into the mark-sweep
/// ``Constraints/Graph`` and into the ``TopologicalEvaluator``, and evaluated from scratch by the
/// ``IdealOracle``, so all three compute exactly the same functions.
///
/// Parents always have smaller ids than their node, so id order is a topological order.
/// Storage is compressed-row: the parents of node `n` are `parents[parentStart[n] ..< parentStart[n + 1]]`.
struct GraphSpec: Sendable {
    /// What a node computes.
    enum Kind: UInt8, Sendable {
        /// A value written from outside.
        case input
        /// The wrapping sum of its parents plus a constant.
        case sum
        /// The sum of its parents modulo a small constant: a narrow range of values, so a change of
        /// a parent often leaves it unchanged and the equality cutoff stops propagation there.
        case residue
        /// Three parents `(condition, ifEven, ifOdd)`: reads the condition, then only the branch it
        /// selects (a dependency through indirection).
        case select
    }

    private(set) var kinds: [Kind] = []
    /// The constant of each node: the initial value of an input, the addend of a sum, the modulus
    /// of a residue; unused for selects.
    private(set) var constants: [Int] = []
    private(set) var parentStart: [Int32] = [0]
    private(set) var parents: [Int32] = []

    var count: Int { kinds.count }

    /// Ids of the inputs, ascending.
    var inputs: [Int32] { kinds.indices.filter { kinds[$0] == .input }.map(Int32.init) }

    /// The number of parent slots (edges a node may read), over all nodes.
    var edgeCount: Int { parents.count }

    // MARK: Building

    @discardableResult
    mutating func addInput(_ value: Int) -> Int32 {
        append(.input, constant: value, parents: [])
    }

    @discardableResult
    mutating func addSum(of parents: [Int32], plus constant: Int = 0) -> Int32 {
        append(.sum, constant: constant, parents: parents)
    }

    @discardableResult
    mutating func addResidue(of parents: [Int32], modulus: Int) -> Int32 {
        precondition(modulus > 0)
        return append(.residue, constant: modulus, parents: parents)
    }

    @discardableResult
    mutating func addSelect(condition: Int32, ifEven: Int32, ifOdd: Int32) -> Int32 {
        append(.select, constant: 0, parents: [condition, ifEven, ifOdd])
    }

    private mutating func append(_ kind: Kind, constant: Int, parents newParents: [Int32]) -> Int32 {
        let id = Int32(kinds.count)
        precondition(newParents.allSatisfy { $0 >= 0 && $0 < id }, "parents must precede their node")
        precondition(kind == .input || !newParents.isEmpty, "a rule needs at least one parent")
        kinds.append(kind)
        constants.append(constant)
        parents += newParents
        parentStart.append(Int32(parents.count))
        return id
    }

    // MARK: Reading

    /// Every node `node` may read, in slot order (for a select: condition, then both branches).
    func parents(of node: Int32) -> ArraySlice<Int32> {
        parents[Int(parentStart[Int(node)]) ..< Int(parentStart[Int(node) + 1])]
    }

    /// The branch a select reads when its condition has value `condition`.
    @inline(__always)
    func branch(of node: Int32, condition: Int) -> Int32 {
        parents[Int(parentStart[Int(node)]) + (condition & 1 == 0 ? 1 : 2)]
    }

    /// The value of rule `node`, reading its parents through `read` in the order the node's
    /// function reads them.
    @inline(__always)
    func evaluate(_ node: Int32, read: (Int32) -> Int) -> Int {
        let start = Int(parentStart[Int(node)])
        let count = Int(parentStart[Int(node) + 1]) - start
        return Self.compute(kinds[Int(node)], constant: constants[Int(node)], parentCount: count) { slot in
            read(parents[start + slot])
        }
    }

    /// The function of a node of kind `kind`: the one definition of what each kind computes, used by
    /// every evaluator. `read(slot)` returns the value of the parent in that slot (0 ..< `parentCount`);
    /// it is called in the order the function reads its parents, and only for the parents it reads
    /// (a select reads slot 0, then slot 1 or 2).
    @inline(__always)
    static func compute(_ kind: Kind, constant: Int, parentCount: Int, read: (Int) -> Int) -> Int {
        switch kind {
        case .input:
            preconditionFailure("inputs are not evaluated")
        case .sum:
            var total = constant
            for slot in 0 ..< parentCount { total &+= read(slot) }
            return total
        case .residue:
            var total = 0
            for slot in 0 ..< parentCount { total &+= read(slot) }
            return ((total % constant) + constant) % constant
        case .select:
            let condition = read(0)
            return read(condition & 1 == 0 ? 1 : 2)
        }
    }

    /// Calls `body` with each node `node` reads when the nodes have `values`, in read order.
    @inline(__always)
    func forEachRead(of node: Int32, values: [Int], _ body: (Int32) -> Void) {
        let start = Int(parentStart[Int(node)])
        switch kinds[Int(node)] {
        case .input:
            return
        case .sum, .residue:
            for slot in start ..< Int(parentStart[Int(node) + 1]) { body(parents[slot]) }
        case .select:
            let condition = parents[start]
            body(condition)
            body(branch(of: node, condition: values[Int(condition)]))
        }
    }

    /// The value of every node, computed from scratch in id order from the inputs' `values`
    /// (entries of non-input nodes in `values` are ignored and overwritten).
    func evaluateAll(inputValues values: [Int]) -> [Int] {
        var result = values
        for node in 0 ..< Int32(count) where kinds[Int(node)] != .input {
            let value = evaluate(node) { result[Int($0)] }
            result[Int(node)] = value
        }
        return result
    }

    /// The inputs' initial values, with every other entry 0, ready for ``evaluateAll(inputValues:)``.
    var initialInputValues: [Int] {
        kinds.indices.map { kinds[$0] == .input ? constants[$0] : 0 }
    }
}
