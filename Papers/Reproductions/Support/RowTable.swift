import Reporting

/// A column of a table built from rows: its heading and how a row fills it, written together so
/// that headings and cells cannot drift apart.
public struct RowColumn<Row> {
    public let column: Column
    public let cell: (Row) -> Cell

    public init(_ name: String, alignment: Column.Alignment? = nil, decimals: Int? = nil, _ cell: @escaping (Row) -> Cell) {
        column = Column(name, alignment: alignment, decimals: decimals)
        self.cell = cell
    }
}

extension Table {
    /// A table of one line per row, each column filled by its ``RowColumn``.
    public init<Row>(title: String, rows: [Row], columns: [RowColumn<Row>]) {
        self.init(title: title, columns: columns.map(\.column), rows: rows.map { row in columns.map { $0.cell(row) } })
    }
}
