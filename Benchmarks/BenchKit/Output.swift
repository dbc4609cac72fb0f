import Foundation
import Reporting

/// The directory given with `--output`: results.json, the tidy results.csv, summary.csv and
/// counters.csv (``BenchResults/measurementsCSV``, ``BenchResults/summaryCSV``,
/// ``BenchResults/countersCSV``), one bar chart per metric
/// (`<metric>.svg`) and one frame-time timeline per run (`timelines/<workload>--<strategy>.svg`).
///
/// Every file is written atomically (``Reporting/FileSystem/write(_:to:)``): an interrupted run
/// leaves each file whole, old or new, never half written.
struct OutputDirectory {
    /// The directory.
    let url: URL
    /// The files a run writes, checked before it starts.
    static let resultFiles = ["results.json", "results.csv", "summary.csv", "counters.csv"]

    /// Creates the directory at `path` if needed, before anything runs, so that a bad path is
    /// reported at once rather than after the benchmark: it must be a writable directory, and
    /// none of the result files may exist as a directory.
    ///
    /// - Throws: ``UsageError/badPath(_:)`` naming the path and the reason.
    init(creatingAt path: String) throws(UsageError) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        do {
            try FileSystem.createDirectory(path)
            try FileSystem.checkWritableDirectory(path)
            try FileSystem.createDirectory(url.appendingPathComponent("timelines").path)
            for file in Self.resultFiles where FileSystem.kind(of: url.appendingPathComponent(file).path) == .directory {
                throw FileError(.write, url.appendingPathComponent(file).path, reason: "it exists as a directory")
            }
        } catch {
            throw .badPath("\(error)")
        }
    }

    /// The file of `metric`'s bar chart.
    func chart(_ metric: Metric) -> URL {
        url.appendingPathComponent(metric.slug + ".svg")
    }

    /// Writes the results files of `results`: results.json, results.csv, summary.csv and
    /// counters.csv, the ones an interrupted run writes too.
    func writeResults(_ results: BenchResults) throws(FileError) {
        try write(JSONText.encode(results), to: url.appendingPathComponent("results.json"))
        try write(results.measurementsCSV, to: url.appendingPathComponent("results.csv"))
        try write(results.summaryCSV, to: url.appendingPathComponent("summary.csv"))
        try write(results.countersCSV, to: url.appendingPathComponent("counters.csv"))
    }

    /// Writes every file of `results`: the results files, then the charts and timelines.
    func write(_ results: BenchResults) throws(FileError) {
        try writeResults(results)
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
    func write(virtual: BenchResults, against real: BenchResults) throws(FileError) {
        try write(JSONText.encode(virtual), to: url.appendingPathComponent("virtual-results.json"))
        try write(Validation(virtual: virtual, real: real).report, to: url.appendingPathComponent("validation.md"))
    }

    /// Writes the chart of the README's section on `heavy-update`.
    func write(_ deadline: DeadlineSection) throws(FileError) {
        try write(deadline.chart.svg(), to: url.appendingPathComponent(DeadlineSection.chartFile))
    }

    private func write(_ text: String, to file: URL) throws(FileError) {
        try FileSystem.write(text, to: file.path)
    }
}
