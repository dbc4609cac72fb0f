import Foundation
import Scheduling

/// The workloads every strategy is compared on, by name.
public enum WorkloadCatalog {
    /// Every workload, in the order tools list them.
    public static let all: [any Workload] = [
        CounterWorkload(),
        ForEachAnimationWorkload(),
        ColorAnimationWorkload(),
        ColorSchemeWorkload(),
        WideListWorkload(),
        DeepTreeWorkload(),
        ScrollFeedWorkload(),
        ScrollFeedWorkload.expensive,
        BurstWorkload(changesPerFrame: 1),
        BurstWorkload(changesPerFrame: 10),
        BurstWorkload(changesPerFrame: 100),
        BusyMainWorkload(),
        MainThreadStallWorkload(),
        HeavyUpdateWorkload(),
    ]

    /// The names of ``all``, in order.
    public static var names: [String] { all.map(\.name) }

    /// The workloads tools run when none is named: ``all`` but those that opt out
    /// (``Workload/isInDefaultSet``); every workload here is in it.
    public static var defaultSet: [any Workload] { all.filter(\.isInDefaultSet) }

    /// What is wrong with `workloads` as the workloads of one tool, one sentence each (none when
    /// nothing is): a name that is not a name (``Scheduling/ResultName/problem(with:naming:)``), a name two
    /// workloads share, a load parameter whose definition is wrong
    /// (``LoadParameter/definitionProblem``) or that two parameters of a workload share, or one
    /// that the workload cannot be set to the first load of its sweep
    /// (``Workload/setting(_:to:)`` not implemented).
    public static func problems(in workloads: [any Workload]) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for workload in workloads {
            if let problem = ResultName.problem(with: workload.name, naming: "workload") { problems.append(problem) }
            if !seen.insert(workload.name).inserted { problems.append("two workloads are named '\(workload.name)'") }
            var parameters: Set<String> = []
            for parameter in workload.loadParameters {
                if let problem = parameter.definitionProblem {
                    problems.append("workload \(workload.name): \(problem)")
                } else {
                    // A sweep sets each load in turn; one that cannot even set the first is found here.
                    let load = parameter.sweepValues[0]
                    do {
                        _ = try workload.setting(parameter.name, to: load)
                    } catch {
                        problems.append("workload \(workload.name): cannot set \(parameter.name) to \(LoadParameter.format(load)): \(error)")
                    }
                }
                if !parameters.insert(parameter.name).inserted {
                    problems.append("workload \(workload.name): two load parameters are named '\(parameter.name)'")
                }
            }
        }
        return problems
    }

    /// The workload called `name`.
    ///
    /// - Throws: ``WorkloadError/unknownWorkload(_:known:)``, listing the known names.
    public static func named(_ name: String) throws -> any Workload {
        guard let workload = all.first(where: { $0.name == name }) else {
            throw WorkloadError.unknownWorkload(name, known: names)
        }
        return workload
    }
}

/// A bad workload argument.
public enum WorkloadError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// No workload has the name; `known` lists the workloads' names.
    case unknownWorkload(String, known: [String])
    /// The workload declares no load parameter called `parameter`; `known` lists those it declares.
    case unknownParameter(workload: String, parameter: String, known: [String])
    /// A load the workload cannot run at; `message` says why.
    case badLoad(workload: String, message: String)

    /// A sentence saying what was wrong and what is accepted.
    public var description: String {
        switch self {
        case .unknownWorkload(let name, let known):
            "unknown workload '\(name)'; known workloads: \(known.joined(separator: ", "))"
        case .unknownParameter(let workload, let parameter, let known) where known.isEmpty:
            "\(workload) declares no load parameter, so it has no load '\(parameter)'"
        case .unknownParameter(let workload, let parameter, let known):
            "\(workload) has no load parameter '\(parameter)'; its parameters: \(known.joined(separator: ", "))"
        case .badLoad(let workload, let message):
            "\(workload): \(message)"
        }
    }

    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
