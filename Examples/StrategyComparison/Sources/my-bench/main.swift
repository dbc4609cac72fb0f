// `swift run -c release my-bench`: the project's strategy comparison, with every built-in
// strategy and workload plus this package's `leading-edge` strategy and `toggles` workload. It
// takes every option `bench` takes (`--help`), including `compare`.
import BenchKit
import ExtraStrategies
import Foundation
import Scheduling
import Workloads

// A registration that throws (a name taken twice) is reported by `main` on one line, exit 2.
let tool = BenchTool(workloads: WorkloadCatalog.all + [TogglesWorkload()]) { registry in
    try registerExtraStrategies(in: registry)
    try registry.register(LeadingEdgeStrategy.name) { LeadingEdgeStrategy() }
}
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
