import Foundation

/// One line of the report: a timed workload (nanoseconds per iteration) or a memory workload
/// (bytes per node).
struct ResultRow: Encodable {
    enum Unit: String, Encodable {
        case nanosecondsPerIteration = "ns/iter"
        case bytesPerNode = "bytes/node"
    }

    let workload: String
    let unit: Unit
    let median: Double
    /// The fastest run (timed workloads only).
    let minimum: Double?
    /// The slowest run (timed workloads only).
    let maximum: Double?
    let evaluationsPerIteration: Double?
    /// The plain-Swift floor, in the same unit (timed workloads only).
    let floor: Double?
    /// The target, in the same unit, if there is one.
    let target: Double?
    /// Whether the workload meets the target: for a timed workload, whether its fastest run (the
    /// one least disturbed by the rest of the machine) is below the target by at least
    /// ``timedVerdictMargin`` (`true`) or above it by that much (`false`), `nil` otherwise, as
    /// another invocation could decide either way; for a memory workload (one exact measurement),
    /// whether it meets it. `nil` without a target.
    let withinTarget: Bool?

    /// How far a timed workload's fastest run must be from its target for a verdict, as a fraction
    /// of the target. On a shared host the fastest run of a workload moves between invocations by
    /// more than some workloads' distance from their targets (by a third on one evening, when
    /// other work came and went), so a verdict drawn at the target itself flips from one
    /// invocation to the next (see Docs/History.md).
    static let timedVerdictMargin = 0.25

    init(
        workload: String, unit: Unit, median: Double, minimum: Double? = nil, maximum: Double? = nil,
        evaluationsPerIteration: Double? = nil, floor: Double? = nil, target: Double?
    ) {
        self.workload = workload
        self.unit = unit
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.evaluationsPerIteration = evaluationsPerIteration
        self.floor = floor
        self.target = target
        self.withinTarget = target.flatMap { target in
            guard unit == .nanosecondsPerIteration else { return median <= target }
            let fastest = minimum ?? median
            let margin = target * Self.timedVerdictMargin
            return fastest <= target - margin ? true : fastest >= target + margin ? false : nil
        }
    }
}

/// The output formats of the report.
enum ReportFormat: String, CaseIterable {
    case markdown, csv, json

    /// Renders `rows` as text in this format.
    func render(_ rows: [ResultRow]) -> String {
        switch self {
        case .markdown: markdown(rows)
        case .csv: csv(rows)
        case .json: json(rows)
        }
    }

    /// Two Markdown tables: the timed workloads, then the memory workloads.
    private func markdown(_ rows: [ResultRow]) -> String {
        var lines: [String] = []
        let timed = rows.filter { $0.unit == .nanosecondsPerIteration }
        if !timed.isEmpty {
            lines.append("| workload | ns/iter (median) | min | max | evals/iter | floor ns/iter | target | status |")
            lines.append("|---|--:|--:|--:|--:|--:|--:|---|")
            for row in timed {
                let target = row.target.map { $0 < 1_000 ? "≤ \(Int($0)) ns" : "≤ \(Int($0 / 1_000)) µs" } ?? "—"
                lines.append(
                    "| \(row.workload) | \(number(row.median)) | \(optional(row.minimum)) | \(optional(row.maximum)) | "
                        + "\(optional(row.evaluationsPerIteration)) | \(optional(row.floor)) | "
                        + "\(target) | \(status(row)) |"
                )
            }
        }
        let memory = rows.filter { $0.unit == .bytesPerNode }
        if !memory.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("| workload | bytes/node | target | status |")
            lines.append("|---|--:|--:|---|")
            for row in memory {
                let target = row.target.map { "≤ \(Int($0)) B" } ?? "—"
                lines.append("| \(row.workload) | \(number(row.median)) | \(target) | \(status(row)) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func csv(_ rows: [ResultRow]) -> String {
        var lines = ["workload,unit,median,min,evals_per_iter,floor,target,within_target,max"]
        for row in rows {
            let fields = [
                row.workload, row.unit.rawValue, "\(row.median)", row.minimum.map { "\($0)" },
                row.evaluationsPerIteration.map { "\($0)" }, row.floor.map { "\($0)" },
                row.target.map { "\($0)" }, row.withinTarget.map { "\($0)" }, row.maximum.map { "\($0)" },
            ]
            lines.append(fields.map { $0 ?? "" }.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    private func json(_ rows: [ResultRow]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(rows)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private func status(_ row: ResultRow) -> String {
        guard row.target != nil else { return "—" }
        switch row.withinTarget {
        case true?: return "within target"
        case false?: return "over target"
        case nil: return "undecided (fastest run within \(Int(ResultRow.timedVerdictMargin * 100)) % of the target)"
        }
    }

    private func optional(_ value: Double?) -> String {
        value.map(number) ?? "—"
    }

    /// One decimal below 100, whole numbers above.
    private func number(_ value: Double) -> String {
        String(format: value < 100 ? "%.1f" : "%.0f", value)
    }
}

/// The machine the figures were measured on: core count and the date, for provenance lines.
func machineDescription() -> String {
    let date = Date().formatted(.iso8601.year().month().day())
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(date)"
}
