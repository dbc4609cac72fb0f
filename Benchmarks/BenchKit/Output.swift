import Foundation
import Reporting

/// The directory given with `--output`: results.json, results.csv, one bar chart per metric
/// (`<metric>.svg`) and one frame-time timeline per run (`timelines/<workload>--<strategy>.svg`).
struct OutputDirectory {
    /// The directory.
    let url: URL

    /// Creates the directory at `path` if needed, before anything runs, so that a bad path is
    /// reported at once rather than after the benchmark.
    ///
    /// - Throws: ``UsageError/badPath(_:)`` if it cannot be created or is not a directory.
    init(creatingAt path: String) throws(UsageError) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        do {
            let timelines = url.appendingPathComponent("timelines")
            try FileManager.default.createDirectory(at: timelines, withIntermediateDirectories: true)
        } catch {
            throw .badPath("cannot create the output directory '\(path)': \(error.localizedDescription)")
        }
    }

    /// The file of `metric`'s bar chart.
    func chart(_ metric: Metric) -> URL {
        url.appendingPathComponent(metric.slug + ".svg")
    }

    /// Writes every file of `results`.
    func write(_ results: BenchResults) throws {
        try write(JSONText.encode(results), to: url.appendingPathComponent("results.json"))
        try write(results.table.csv(), to: url.appendingPathComponent("results.csv"))
        for metric in Metric.all {
            try write(results.barChart(of: metric).svg(), to: chart(metric))
        }
        for run in results.runs {
            let file = url.appendingPathComponent("timelines/\(run.workload)--\(run.strategy).svg")
            try write(results.timeline(of: run).svg(), to: file)
        }
    }

    /// Writes the virtual clock's results of the same runs as `real` (virtual-results.json) and
    /// the validation report comparing the two (validation.md).
    func write(virtual: BenchResults, against real: BenchResults) throws {
        try write(JSONText.encode(virtual), to: url.appendingPathComponent("virtual-results.json"))
        try write(Validation(virtual: virtual, real: real).report, to: url.appendingPathComponent("validation.md"))
    }

    /// Writes the chart of the README's section on `heavy-update`.
    func write(_ deadline: DeadlineSection) throws {
        try write(deadline.chart.svg(), to: url.appendingPathComponent(DeadlineSection.chartFile))
    }

    private func write(_ text: String, to file: URL) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
