import Constraints

/// The content of an `if`/`else`: one of two views. A dynamic container: switching branches
/// destroys the old branch's subgraph and makes the new one's.
public enum ConditionalContent<First: View, Second: View>: View {
    public typealias Body = Never
    case first(First)
    case second(Second)

    public static func makeView(_ view: Rule<ConditionalContent>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    public static func makeViewList(_ view: Rule<ConditionalContent>, inputs: ViewListInputs) -> ViewListOutputs {
        let branch = inputs.base.graph.rule(name: "if.branch") { () -> Bool in
            if case .first = view.value { return true }
            return false
        }
        return makeDynamicBranch(name: "if", inputs: inputs, branch: branch) { isFirst, branchInputs in
            let graph = branchInputs.base.graph
            if isFirst {
                var last: First?
                let content = graph.rule(name: branchInputs.base.context.typeNames.name(of: First.self)) { () -> First in
                    if case .first(let value) = view.value { last = value }
                    return last!
                }
                return First.makeViewList(content, inputs: branchInputs).node(in: branchInputs.base.context)
            }
            var last: Second?
            let content = graph.rule(name: branchInputs.base.context.typeNames.name(of: Second.self)) { () -> Second in
                if case .second(let value) = view.value { last = value }
                return last!
            }
            return Second.makeViewList(content, inputs: branchInputs).node(in: branchInputs.base.context)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never

    public static func makeView(_ view: Rule<Wrapped?>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    /// An `if` without `else`: a dynamic container with zero or one element.
    public static func makeViewList(_ view: Rule<Wrapped?>, inputs: ViewListInputs) -> ViewListOutputs {
        let branch = inputs.base.graph.rule(name: "if.present") { view.value != nil }
        return makeDynamicBranch(name: "if", inputs: inputs, branch: branch) { isPresent, branchInputs in
            guard isPresent else { return branchInputs.base.graph.rule(name: "if.empty") { [] } }
            var last: Wrapped?
            let content = branchInputs.base.graph.rule(name: branchInputs.base.context.typeNames.name(of: Wrapped.self)) { () -> Wrapped in
                if let value = view.value { last = value }
                return last!
            }
            return Wrapped.makeViewList(content, inputs: branchInputs).node(in: branchInputs.base.context)
        }
    }
}
