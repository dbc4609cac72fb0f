/// A command (or subcommand) as a table: what it does, its options, its arguments and its
/// subcommands. The parser reads command lines with it and the help is printed from it, so every
/// tool's `--help` has the same layout and can never disagree with what the tool accepts.
///
/// ```swift
/// let spec = CommandSpec("views-bench", summary: "Times one row's change in growing lists.", options: [
///     .value("--rows", "N", .list(.integer(2 ... 10_000_000)), help: "List sizes.", default: "100,1000"),
///     .flag("--wide", help: "Every column."),
/// ])
/// ```
public struct CommandSpec: Sendable {
    /// The word that names the command: the tool's name, or the subcommand's (`compare`).
    public let name: String
    /// What the command does in a sentence, shown in its parent's list of commands.
    public let summary: String
    /// Paragraphs shown after the usage lines (blank lines separate paragraphs); defaults to the
    /// summary.
    public let description: String
    /// The options, in the order the help lists them.
    public var options: [OptionSpec]
    /// The arguments that are not options, in order.
    public var arguments: [ValueSpec]
    /// Whether the last of ``arguments`` may be given any number of times, none included.
    public var lastArgumentRepeats: Bool
    /// Subcommands, named by the first argument.
    public var subcommands: [CommandSpec]
    /// Paragraphs shown at the end of the help (after the options and subcommands).
    public var notes: String

    /// A command called `name`; the parameters are the properties of the same names. Every
    /// command has `--help` (and `-h`) of its own: do not declare them.
    public init(
        _ name: String, summary: String, description: String? = nil, options: [OptionSpec] = [],
        arguments: [ValueSpec] = [], lastArgumentRepeats: Bool = false, subcommands: [CommandSpec] = [], notes: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.description = description ?? summary
        self.options = options
        self.arguments = arguments
        self.lastArgumentRepeats = lastArgumentRepeats
        self.subcommands = subcommands
        self.notes = notes
        let names = options.map(\.name)
        precondition(Set(names).count == names.count, "\(name): an option is declared twice")
        precondition(!names.contains("--help") && !names.contains("-h"), "\(name): --help is every command's own")
    }

    /// The option called `name`.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The subcommand called `name`.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// "compare A.json B.json [options]": how this command is typed after `prefix`.
    func usageLine(prefix: String) -> String {
        var words = [prefix]
        if !options.isEmpty { words.append("[options]") }
        for (index, argument) in arguments.enumerated() {
            let repeats = lastArgumentRepeats && index == arguments.count - 1
            words.append(repeats ? "[\(argument.name)...]" : argument.name)
        }
        return words.joined(separator: " ")
    }

    /// The help of this command, reached as `path` ("bench" or "bench compare"): usage lines,
    /// description, options with their values and defaults, subcommands, notes.
    public func help(path: String) -> String {
        HelpText.render(self, path: path)
    }
}
