import Foundation

extension Table {
    /// The table as a GitHub-flavoured Markdown table, preceded by its title in bold.
    public func markdown() -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        var lines = ["**\(escaped(title))**", ""]
        lines.append("| " + columns.map { escaped($0.name) }.joined(separator: " | ") + " |")
        lines.append("|" + columns.map { $0.alignment == .right ? "---:" : ":---" }.joined(separator: "|") + "|")
        for row in rows.indices {
            let cells = columns.indices.map { escaped(text(row: row, column: $0)) }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as CSV (RFC 4180): a header row, then one line per row. Numbers are written without
    /// thousands separators; fields holding commas, quotes or line breaks are quoted.
    public func csv() -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var lines = [columns.map { field($0.name) }.joined(separator: ",")]
        for row in rows {
            let cells = zip(row, columns).map { cell, column -> String in
                if case .integer(let value) = cell { return String(value) }
                return field(cell.formatted(decimals: column.decimals))
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The table as JSON (its `Codable` form), with sorted keys.
    public func json() -> String {
        JSONText.encode(self)
    }
}

/// Deterministic JSON text of any `Encodable` value: pretty-printed, keys sorted, slashes unescaped.
public enum JSONText {
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("Reporting: value cannot be encoded as JSON: \(error)")
        }
    }
}
