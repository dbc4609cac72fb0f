/// A table of results: named columns and rows of cells, rendered as Markdown, CSV or JSON.
///
/// ```swift
/// var table = Table(title: "Cost per change", columns: [
///     Column("shape"), Column("nodes"), Column("ns per change", decimals: 1),
/// ])
/// table.append(["chain", .integer(1000), .number(812.25)])
/// print(table.markdown())
/// ```
public struct Table: Codable, Hashable, Sendable {
    /// A short title, used as a caption in Markdown.
    public var title: String
    public var columns: [Column]
    /// Rows of cells; each row has one cell per column.
    public private(set) var rows: [[Cell]]

    public init(title: String, columns: [Column], rows: [[Cell]] = []) {
        self.title = title
        self.columns = columns
        self.rows = []
        for row in rows { append(row) }
    }

    /// Appends a row; it must have exactly one cell per column.
    public mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "Reporting: row has \(row.count) cells, table '\(title)' has \(columns.count) columns")
        rows.append(row)
    }

    /// The text of the cell at `row`, `column`, formatted as in every rendering.
    public func text(row: Int, column: Int) -> String {
        rows[row][column].formatted(decimals: columns[column].decimals)
    }

    private enum CodingKeys: String, CodingKey { case title, columns, rows }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        let columns = try container.decode([Column].self, forKey: .columns)
        self.columns = columns
        // JSON does not distinguish 3 from 3.0: cells of a column with decimals are numbers.
        rows = try container.decode([[Cell]].self, forKey: .rows).map { row in
            zip(row, columns).map { cell, column in
                if case .integer(let value) = cell, column.decimals != nil { return .number(Double(value)) }
                return cell
            }
        }
    }
}

/// A column of a ``Table``: its name, how its cells are aligned, and how numbers are formatted.
public struct Column: Codable, Hashable, Sendable {
    /// Horizontal alignment of a column's cells in Markdown.
    public enum Alignment: String, Codable, Hashable, Sendable {
        case left, right
    }

    public var name: String
    public var alignment: Alignment
    /// Digits after the decimal point for ``Cell/number(_:)`` cells; `nil` means two.
    public var decimals: Int?

    /// A column named `name`. Columns with `decimals` are right-aligned unless told otherwise.
    public init(_ name: String, alignment: Alignment? = nil, decimals: Int? = nil) {
        self.name = name
        self.alignment = alignment ?? (decimals == nil ? .left : .right)
        self.decimals = decimals
    }
}

/// One value of a ``Table``. Encoded as a bare JSON string, number or `null`.
public enum Cell: Codable, Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case integer(Int)
    /// A number, written with the decimals of its column.
    case number(Double)
    /// No value (an empty cell; `null` in JSON).
    case missing

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// The cell as text: integers grouped by thousands, numbers with `decimals` digits (two when
    /// `nil`), missing cells as an empty string.
    public func formatted(decimals: Int?) -> String {
        switch self {
        case .text(let text): text
        case .integer(let value): NumberFormat.grouped(value)
        case .number(let value): NumberFormat.fixed(value, decimals: decimals ?? 2)
        case .missing: ""
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .missing
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .missing: try container.encodeNil()
        }
    }
}
