import Reporting

/// The results as tidy data (one observation per row, one variable per column), for pandas, R or
/// a spreadsheet without parsing: a contract, documented in `Docs/Results.md`.
///
/// - results.csv (``measurementsCSV``): `workload,strategy,clock,repetition,metric,value,unit`,
///   one row per measured value of every repetition; a metric a repetition does not have (input
///   latency without events) has no row.
/// - summary.csv (``summaryCSV``): `workload,strategy,clock,metric,median,low,high,coverage,unit`,
///   one row per metric of each run: the median over the repetitions and its interval.
///
/// - counters.csv (``countersCSV``): `workload,strategy,clock,repetition,counter,value`, one row
///   per repetition of each counter a strategy keeps (``Scheduling/FrameLoop/count(_:by:)``);
///   only a header when no strategy of the run counts anything.
///
/// Values are plain numbers (`.` as decimal point, no grouping, no unit); metrics are named by
/// their key in results.json (``Metric/slug``), counters by the name the strategy gave them.
extension BenchResults {
    /// The columns of results.csv.
    static let measurementColumns = ["workload", "strategy", "clock", "repetition", "metric", "value", "unit"]
    /// The columns of counters.csv.
    static let counterColumns = ["workload", "strategy", "clock", "repetition", "counter", "value"]
    /// The columns of summary.csv.
    static let summaryColumns = ["workload", "strategy", "clock", "metric", "median", "low", "high", "coverage", "unit"]

    /// results.csv: every repetition's value of every metric.
    var measurementsCSV: String {
        var table = Table(title: "measurements", columns: Self.measurementColumns.map { Column($0) })
        for run in runs {
            for metric in Metric.all {
                let values = run.samples?[metric.slug] ?? [metric.value(run.result)].map { $0.isNaN ? nil : $0 }
                for (index, value) in values.enumerated() {
                    guard let value else { continue }
                    table.append([.text(run.workload), .text(run.strategy), .text(settings.clock), .integer(index + 1),
                                  .text(metric.slug), .text(Self.csvNumber(value)), .text(metric.unit)])
                }
            }
        }
        return table.csv()
    }

    /// summary.csv: every metric's median over the repetitions and its interval.
    var summaryCSV: String {
        var table = Table(title: "summary", columns: Self.summaryColumns.map { Column($0) })
        for run in runs {
            for metric in Metric.all {
                guard let estimate = run.estimate(of: metric) else { continue }
                table.append([.text(run.workload), .text(run.strategy), .text(settings.clock), .text(metric.slug)]
                             + [estimate.median, estimate.low, estimate.high, estimate.coverage].map { .text(Self.csvNumber($0)) }
                             + [.text(metric.unit)])
            }
        }
        return table.csv()
    }

    /// counters.csv: every repetition's value of every counter of the strategies, counters in
    /// name order (none for a run read from a file written before counters were kept per
    /// repetition).
    var countersCSV: String {
        var table = Table(title: "counters", columns: Self.counterColumns.map { Column($0) })
        for run in runs {
            for (counter, values) in (run.counterSamples ?? [:]).sorted(by: { $0.key < $1.key }) {
                for (index, value) in values.enumerated() {
                    table.append([.text(run.workload), .text(run.strategy), .text(settings.clock), .integer(index + 1),
                                  .text(counter), .integer(value)])
                }
            }
        }
        return table.csv()
    }

    /// `value` as a CSV number: an integer without a decimal point, otherwise the shortest text
    /// that reads back as the same double.
    static func csvNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
