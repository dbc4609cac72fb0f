/// The one layout of every tool's `--help`:
///
/// ```
/// USAGE: tool [options]
///        tool sub ARG [options]
///
/// Description, wrapped at 100 columns.
///
/// OPTIONS:
///   --name VALUE      Help, wrapped beside the names. Default: what applies.
///   --help            Show this help and exit.
///
/// COMMANDS:
///   sub               Its summary.
///
/// Notes.
/// ```
enum HelpText {
    /// The width the help is wrapped to.
    static let width = 100
    /// The widest option label kept beside its help; a wider one puts its help on the next line.
    static let labelColumn = 22

    static func render(_ command: CommandSpec, path: String) -> String {
        var usage = [command.usageLine(prefix: path)]
        usage += command.subcommands.map { $0.usageLine(prefix: path + " " + $0.name) }
        var sections = [
            usage.enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element }.joined(separator: "\n"),
            paragraphs(command.description),
        ]
        let options = command.options.map { ($0.label, $0.helpWithDefault) } + [("--help", "Show this help and exit.")]
        sections.append("OPTIONS:\n" + table(options))
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.map { ($0.name, $0.summary) }
            sections.append("COMMANDS:\n" + table(rows) + "\n" + wrap("Run '\(path) COMMAND --help' for a command's options.", indent: 2))
        }
        if !command.notes.isEmpty { sections.append(paragraphs(command.notes)) }
        return sections.joined(separator: "\n\n")
    }

    /// Rows of a label and its text: labels in a column, texts wrapped beside them.
    static func table(_ rows: [(String, String)]) -> String {
        let column = min(labelColumn, rows.map(\.0.count).max() ?? 0) + 4
        return rows.map { label, text in
            let lead = "  " + label
            if lead.count + 2 > column {
                return lead + "\n" + wrap(text, indent: column)
            }
            let wrapped = wrap(text, indent: column)
            return lead + String(wrapped.dropFirst(lead.count))
        }.joined(separator: "\n")
    }

    /// `text`'s paragraphs (separated by blank lines), each re-wrapped; a paragraph whose lines
    /// start with spaces (a list, an example) is kept as written.
    static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.contains(where: { $0.hasPrefix(" ") }) { return paragraph }
            return wrap(paragraph, indent: 0)
        }.joined(separator: "\n\n")
    }

    /// `text`'s words in lines of at most ``width`` columns, each indented by `indent` spaces; a
    /// unit sign (`95 %`) stays with its number.
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        var words: [String] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) {
            if word.first == "%", let last = words.last, last.last?.isNumber == true {
                words[words.count - 1] = last + " " + word
            } else {
                words.append(word)
            }
        }
        for word in words {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines.joined(separator: "\n")
    }
}
