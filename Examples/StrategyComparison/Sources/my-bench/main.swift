// `swift run -c release my-bench`: the project's strategy comparison, with every built-in
// strategy and workload plus this package's `leading-edge` strategy and `toggles` workload. It
// takes every option `bench` takes (`--help`), including `compare`.
import BenchKit
import ExtraStrategies
import Foundation
import Scheduling
import Workloads

let registry = StrategyRegistry()
try registerExtraStrategies(in: registry)
try registry.register(LeadingEdgeStrategy.name) { LeadingEdgeStrategy() }
let tool = BenchTool(workloads: WorkloadCatalog.all + [TogglesWorkload()], registry: registry)
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
