import BenchKit
import ExtraStrategies
import Foundation
import Workloads

// The built-in strategies plus the extra ones (`workflow`, `texture`, `sliced`), in a registry of
// the tool's own.
let tool = BenchTool(workloads: WorkloadCatalog.all) { registry in
    try registerExtraStrategies(in: registry)
}
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
