/// A command line that cannot be run. Each case describes itself in one line that names the
/// option (or argument) and the value at fault.
public enum ArgumentError: Error, Equatable, CustomStringConvertible {
    /// An option the command does not have, with the closest one it has when one is close.
    case unknownOption(String, suggestion: String?)
    /// An option given without its value (`valueName`, as the help shows it).
    case missingValue(option: String, valueName: String)
    /// A value that does not fit its option: `expected` says what would.
    case badValue(option: String, value: String, expected: String)
    /// A name the tool does not know (a workload, a strategy, a paper): the known ones, and the
    /// closest when one is close. `option` is `nil` for an argument that is not an option's value.
    case unknownName(option: String?, kind: String, name: String, known: [String])
    /// An argument the command does not take, with the closest subcommand when one is close.
    case unexpectedArgument(String, suggestion: String?)
    /// Fewer arguments than the command needs: `command` (as typed: "bench compare") needs
    /// `expected` ("A.json B.json").
    case missingArguments(command: String, expected: String)
    /// Options that cannot go together or lack another, said in a sentence naming them.
    case invalid(String)

    /// The error in one line, without the tool's name (see ``line(tool:)``).
    public var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + Self.hint(suggestion)
        case .missingValue(let option, let valueName):
            "\(option) needs a value (\(valueName))"
        case .badValue(let option, let value, let expected):
            "invalid value '\(value)' for \(option): expected \(expected)"
        case .unknownName(let option, let kind, let name, let known):
            "unknown \(kind) '\(name)'\(option.map { " for \($0)" } ?? ""); known: \(known.joined(separator: ", "))"
                + Self.hint(Suggestion.closest(to: name, among: known))
        case .unexpectedArgument(let argument, let suggestion):
            "unexpected argument '\(argument)'" + Self.hint(suggestion)
        case .missingArguments(let command, let expected):
            "'\(command)' needs \(expected)"
        case .invalid(let message):
            message
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The line a tool prints for this error: `tool: <description> (see 'tool --help')`.
    public func line(tool: String) -> String {
        ArgumentError.line(for: self, tool: tool)
    }

    /// The one line a tool prints for a usage error `error` of any type: its description, prefixed
    /// with the tool's name and followed by where to read the usage.
    public static func line(for error: any Error, tool: String) -> String {
        "\(tool): \(error) (see '\(tool) --help')"
    }
}
