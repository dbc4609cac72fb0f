import BenchKit
import ExtraStrategies
import Foundation
import Scheduling
import Workloads

// The built-in strategies plus `workflow` and `texture`, in a registry of the tool's own.
let registry = StrategyRegistry()
do {
    try registerExtraStrategies(in: registry)
} catch {
    FileHandle.standardError.write(Data("bench: cannot register the extra strategies: \(error)\n".utf8))
    exit(1)
}
let tool = BenchTool(workloads: WorkloadCatalog.all, registry: registry)
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
