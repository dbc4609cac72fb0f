import Reporting

extension BenchResults {
    /// The comparison table: one row per workload and strategy, with the rendered frames, every
    /// ``Metric`` as its median followed by its interval in brackets when repetitions differ, and
    /// the strategy's own counters.
    var table: Table { table(metrics: Metric.all, intervals: true, counters: true) }

    /// The plain-text table of a terminal: `wide`, the full ``table``; otherwise the medians of the
    /// metrics marked narrow, which fit 100 columns.
    func terminalTable(wide: Bool) -> Table {
        wide ? table : table(metrics: Metric.all.filter(\.isNarrow), intervals: false, counters: false)
    }

    /// The README's table: the metrics of the terminal's, evaluations per transaction and render time
    /// per evaluation, each with its interval.
    var readmeTable: Table {
        let added = [Metric.evaluationsPerTransaction.slug, Metric.renderPerEvaluation.slug]
        return table(metrics: Metric.all.filter { $0.isNarrow || added.contains($0.slug) }, intervals: true, counters: true)
    }

    /// The table with `metrics`, their intervals if `intervals`, and the counters column if `counters`.
    private func table(metrics: [Metric], intervals: Bool, counters: Bool) -> Table {
        let note = intervals && runs.contains { $0.repetitions > 1 } ? "; [interval]: \(intervalCaption)" : ""
        var table = Table(
            title: "Strategy comparison (\(summary))\(note)",
            columns: [Column("workload"), Column("strategy"), Column("rendered", alignment: .right)]
                + metrics.map { Column($0.column, alignment: .right, decimals: intervals ? nil : $0.decimals) }
                + (counters ? [Column("counters")] : [])
        )
        for run in runs {
            let cells = metrics.map { metric in
                let estimate = run.estimate(of: metric)
                return intervals ? .text(estimate.map { metric.text($0) } ?? "") : (estimate.map { metric.cell($0.median) } ?? .missing)
            }
            let counterText = run.result.counters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            table.append([.text(run.workload), .text(run.strategy), .integer(run.result.renderedFrames)]
                         + cells + (counters ? [.text(counterText)] : []))
        }
        return table
    }

    /// What the intervals are, for captions: "95 % order-statistic interval of the median" (with
    /// the coverage actually reached when fewer repetitions allow less).
    var intervalCaption: String {
        // Estimates from every repetition, and those of metrics some repetitions lack (a run
        // without events has no input latency), whose intervals cover the median with less.
        var full: [Double] = [], partial: [(Double, String)] = []
        for run in runs {
            for (key, estimate) in run.estimates ?? [:] {
                let samples = run.samples?[key]?.compactMap { $0 }.count ?? run.repetitions
                if samples == run.repetitions { full.append(estimate.coverage) } else { partial.append((estimate.coverage, "\(run.workload) × \(run.strategy)")) }
            }
        }
        let percent = { (coverage: Double) in NumberFormat.fixed(coverage * 100, decimals: 1) }
        let fullCoverage = full.min() ?? 1
        var caption = "order-statistic interval of the median covering it with ≥ \(percent(fullCoverage)) % probability"
        let lower = partial.filter { $0.0 < fullCoverage }
        if let lowest = lower.map(\.0).min() {
            let runsLacking = Set(lower.map(\.1)).sorted().joined(separator: ", ")
            caption += " (≥ \(percent(lowest)) % for metrics that some repetitions lack, in \(runsLacking))"
        }
        return caption
    }
}

extension Metric {
    /// `value` as a table cell: an integer for counts.
    func cell(_ value: Double) -> Cell {
        value.isNaN ? .missing : decimals == 0 && value == value.rounded() ? .integer(Int(value)) : .number(value)
    }

    /// `estimate` as text: the median, then `[low, high]` unless the interval is a single value.
    func text(_ estimate: MedianEstimate) -> String {
        let format = { (value: Double) in
            self.decimals == 0 && value == value.rounded() ? NumberFormat.grouped(Int(value)) : NumberFormat.fixed(value, decimals: max(self.decimals, 1))
        }
        return estimate.isExact ? format(estimate.median) : "\(format(estimate.median)) [\(format(estimate.low)), \(format(estimate.high))]"
    }
}

extension Table {
    /// The table in `format`; `json` is the table's own JSON form.
    func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table: plainText()
        case .markdown: markdown()
        case .csv: csv()
        case .json: json()
        }
    }

    /// The table as aligned plain text for a terminal: the title, the column names, a rule, and the
    /// rows, with a first-column value left blank where it repeats the row above.
    func plainText() -> String {
        let texts = rows.indices.map { row in
            columns.indices.map { column in
                column == 0 && row > 0 && rows[row][0] == rows[row - 1][0] ? "" : text(row: row, column: column)
            }
        }
        let widths = columns.indices.map { column in
            texts.reduce(columns[column].name.count) { max($0, $1[column].count) }
        }
        func line(_ cells: [String]) -> String {
            var text = columns.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return columns[column].alignment == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        var lines = [title, "", line(columns.map(\.name)), rule]
        lines += texts.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
