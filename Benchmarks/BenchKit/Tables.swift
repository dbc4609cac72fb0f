import Reporting

extension BenchResults {
    /// The comparison table: one row per run, with the rendered frames, every ``Metric`` and the
    /// strategy's own counters.
    var table: Table {
        var table = Table(
            title: "Strategy comparison (\(summary))",
            columns: [Column("workload"), Column("strategy"), Column("rendered", alignment: .right)]
                + Metric.all.map { Column($0.column, decimals: $0.decimals) }
                + [Column("counters")]
        )
        for run in runs {
            let counters = run.result.counters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            table.append([.text(run.workload), .text(run.strategy), .integer(run.result.renderedFrames)]
                         + Metric.all.map { $0.cell(run.result) }
                         + [.text(counters.joined(separator: " "))])
        }
        return table
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
