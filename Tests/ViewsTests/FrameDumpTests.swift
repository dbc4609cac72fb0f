import Foundation
import Scheduling
import Testing
import Views
import Workloads

/// Writes every workload's final frame, as SVG and as an S-expression, into the directory named by
/// `VIEWS_FRAME_DUMP`, so that a change to the view layer can be checked for byte-identical output
/// (`diff -r` two dumps). Does nothing unless the variable is set.
@Suite struct FrameDumpTests {
    static let directory = ProcessInfo.processInfo.environment["VIEWS_FRAME_DUMP"]

    @Test(.enabled(if: directory != nil), arguments: WorkloadCatalog.names)
    func dumpFinalFrame(workload name: String) throws {
        let workload = try WorkloadCatalog.named(name)
        let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(200), perEvaluation: .microseconds(2)))
        let outcome = try WorkloadRunner.run(workload, strategy: "lazy", clock: clock, frames: workload.defaultFrames)
        let base = URL(fileURLWithPath: Self.directory!).appendingPathComponent(name)
        try SVGRenderer.render(outcome.output, size: Size(width: 1_000, height: 1_000)).write(to: base.appendingPathExtension("svg"), atomically: true, encoding: .utf8)
        try outcome.output.treeDescription.write(to: base.appendingPathExtension("sexp"), atomically: true, encoding: .utf8)
    }
}
