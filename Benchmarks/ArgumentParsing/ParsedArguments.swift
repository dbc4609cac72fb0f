/// A command line read by ``CommandSpec/parse(_:)``: which (sub)command it names, whether it asks
/// for help, and its options' and arguments' values, every one already checked against its
/// ``ValueKind``. The typed accessors therefore only convert.
public struct ParsedArguments: Sendable {
    /// The subcommand's name (`compare`), `nil` for the tool's own command.
    public let subcommand: String?
    /// The command the line runs: the tool's, or its subcommand's.
    public let command: CommandSpec
    /// How the command is typed (`bench compare`), for its help and messages.
    public let path: String
    /// Whether `--help` (or `-h`) was given: the tool prints ``help`` and exits 0.
    public let wantsHelp: Bool
    /// Each given option's occurrences, each the values that followed it; the last one only for
    /// an option that does not repeat.
    let occurrences: [String: [[String]]]
    /// The arguments that are not options, in order.
    public let arguments: [String]

    /// The help of the command the line names.
    public var help: String { command.help(path: path) }

    /// The options given, by name.
    public var givenOptions: Set<String> { Set(occurrences.keys) }

    /// Whether the flag or option `name` was given.
    public func has(_ name: String) -> Bool {
        checkDeclared(name)
        return occurrences[name] != nil
    }

    /// The value of `name`'s last occurrence (its first value), `nil` when not given.
    public func string(_ name: String) -> String? {
        checkDeclared(name)
        return occurrences[name]?.last?.first
    }

    /// Every value of `name`: each occurrence's, in order, comma lists split.
    public func strings(_ name: String) -> [String] {
        checkDeclared(name)
        let values = (occurrences[name] ?? []).compactMap(\.first)
        guard command.option(named: name)?.values.first?.kind.isList == true else { return values }
        return values.flatMap { $0.split(separator: ",").map(String.init) }
    }

    /// The values that followed `name`'s last occurrence (for an option taking several).
    public func values(_ name: String) -> [String]? {
        checkDeclared(name)
        return occurrences[name]?.last
    }

    /// The whole number given to `name`, `nil` when not given.
    public func integer(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }

    /// The whole numbers given to `name` (comma lists split, every occurrence of a repeatable one).
    public func integers(_ name: String) -> [Int] {
        strings(name).compactMap { Int($0) }
    }

    /// The number given to `name`, `nil` when not given.
    public func number(_ name: String) -> Double? {
        string(name).flatMap { Double($0) }
    }

    /// The choice given to `name` as a case of `Choice`, `nil` when not given.
    public func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type = Choice.self) -> Choice? where Choice.RawValue == String {
        string(name).flatMap { Choice(rawValue: $0) }
    }

    /// Catches a misspelt option name in the tool's own code (a programming error, not a user's).
    private func checkDeclared(_ name: String) {
        precondition(command.option(named: name) != nil, "\(path) declares no option \(name)")
    }
}
