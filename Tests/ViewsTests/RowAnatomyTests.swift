import Foundation
import Testing
@testable import Views

/// The row `Docs/Views.md` takes apart: a custom view with a state, whose body is a stack of a
/// color, a text, a spacer and a button.
struct AnatomyRow: View, Equatable {
    let index: Int
    @State var isSelected = false

    var body: some View {
        HStack {
            Color.blue
            Text("Item \(index)")
            Spacer()
            Button(isSelected ? "selected" : "select") { isSelected.toggle() }
        }
    }
}

/// `count` anatomy rows in a list.
struct AnatomyList: View, Equatable {
    let count: Int
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { AnatomyRow(index: $0) }
        }
    }
}

/// The nodes of one row, as `Docs/Views.md` lists them: the table between its `ROW-NODES` markers
/// must name every node a row makes, with the count per row and whether the first frame runs it.
@Suite struct RowAnatomyTests {
    /// One line of the table: a node's name (generic arguments left out), how many a row makes,
    /// and how many of those the first frame runs.
    struct Line: Hashable, CustomStringConvertible {
        var name: String
        var count: Int
        var run: Int
        var description: String { "| `\(name)` | \(count) | \(run) |" }
    }

    /// A node's name without generic arguments: `ModifiedContent<Text, FrameModifier>.geometry`
    /// becomes `ModifiedContent.geometry`.
    static func withoutGenericArguments(_ name: String) -> String {
        var result = "", depth = 0
        for character in name {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if depth == 0 { result.append(character) }
        }
        return result
    }

    /// The nodes of a list of `rows` rows after its first frame, by name without generic arguments:
    /// how many, and how many of them ran.
    static func nodes(rows: Int) -> [String: (count: Int, run: Int)] {
        let host = ViewHost(rootView: AnatomyList(count: rows), size: Size(width: 300, height: 600))
        host.render(at: 0)
        return host.graph.withLock {
            host.graph.snapshot().nodes.reduce(into: [:]) { table, node in
                let ran = node.kind == "input" || node.kind == "effect" || node.value != nil
                let name = withoutGenericArguments(node.name)
                table[name, default: (0, 0)].count += 1
                if ran { table[name, default: (0, 0)].run += 1 }
            }
        }
    }

    /// The nodes one row adds: those of 8 rows less those of 7 (the list's display-list tree has
    /// as many nodes for both).
    static func nodesPerRow() -> [Line] {
        let eight = nodes(rows: 8), seven = nodes(rows: 7)
        return eight.compactMap { name, value -> Line? in
            let count = value.count - (seven[name]?.count ?? 0), run = value.run - (seven[name]?.run ?? 0)
            return count == 0 && run == 0 ? nil : Line(name: name, count: count, run: run)
        }.sorted { $0.name < $1.name }
    }

    /// The table's lines in `Docs/Views.md`: `| `name` | count | run | ...`.
    static func documentedLines() throws -> [Line] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Views.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- BEGIN ROW-NODES -->"), "Docs/Views.md has no ROW-NODES table")
        let end = try #require(text.range(of: "<!-- END ROW-NODES -->"), "Docs/Views.md's ROW-NODES table has no end")
        return text[begin.upperBound ..< end.lowerBound].split(separator: "\n").compactMap { line -> Line? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), let count = Int(cells[1]), let run = Int(cells[2]) else { return nil }
            return Line(name: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), count: count, run: run)
        }
    }

    /// The table in `Docs/Views.md` names every node of a row, with its count and how many run.
    @Test func docsListEveryNodeOfARow() throws {
        let actual = Self.nodesPerRow(), documented = try Self.documentedLines()
        let missing = Set(actual).subtracting(documented), stale = Set(documented).subtracting(actual)
        #expect(missing.isEmpty && stale.isEmpty, """
            Docs/Views.md's ROW-NODES table is out of date.
            Not in the table (or with other counts): \(missing.sorted { $0.name < $1.name })
            In the table but not made so: \(stale.sorted { $0.name < $1.name })
            Every line now (name, count per row, run by the first frame):
            \(actual.map(\.description).joined(separator: "\n"))
            """)
        #expect(documented.count == Set(documented.map(\.name)).count, "a node is listed twice")
    }
}
