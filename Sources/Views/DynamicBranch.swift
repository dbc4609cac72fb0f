import Constraints

/// The elements of a conditional (`if`/`else`, `if`): those of one of several branches. Whenever
/// `branch` changes, the old branch's subgraph is destroyed and the new branch is made in a fresh
/// one, inside the elements node's run. The elements can change: a container of them watches their
/// layouts. (A `ForEach` in a branch is made after its container, which is therefore not a list.)
func makeDynamicBranch<Branch: Hashable>(
    name: String,
    inputs: ViewListInputs,
    branch: Rule<Branch>,
    make: @escaping (Branch, ViewListInputs) -> Rule<[ViewElement]>
) -> ViewListOutputs {
    let graph = inputs.base.graph
    inputs.base.context.hasDynamicContainer = true
    let owner = graph.currentSubgraph
    var current: (branch: Branch, subgraph: Subgraph, elements: Rule<[ViewElement]>)?
    let elements = graph.rule(name: "\(name).elements") { [unowned graph] in
        let selected = branch.value
        if current?.branch != selected {
            current?.subgraph.destroy()
            let subgraph = graph.withCurrentSubgraph(owner) { graph.makeSubgraph(name: "\(name) \(selected)") }
            var branchInputs = inputs
            branchInputs.elementID = inputs.elementID.appending(AnyHashable(selected))
            let elements = subgraph.withCurrent { make(selected, branchInputs) }
            current = (selected, subgraph, elements)
        }
        return current!.elements.value
    }
    return ViewListOutputs(node: elements, isDynamic: true)
}
