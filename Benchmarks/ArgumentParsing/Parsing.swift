import Foundation

extension CommandSpec {
    /// Reads `arguments` (without the program's name) against this table.
    ///
    /// The first argument names a subcommand when one has that name. `--help` or `-h` anywhere asks
    /// for the help of the command named (nothing else is checked then). Options may come in any
    /// order and between arguments, as `--name value` or `--name=value`; an option given twice
    /// keeps its last value unless it repeats. A value that is another option of the command
    /// counts as missing (`--output --quick`).
    ///
    /// - Throws: ``ArgumentError`` naming the first option or argument at fault.
    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
        try parse(arguments[...], path: name, subcommand: nil)
    }

    private func parse(_ line: ArraySlice<String>, path: String, subcommand: String?) throws(ArgumentError) -> ParsedArguments {
        if let first = line.first, let sub = self.subcommand(named: first) {
            return try sub.parse(line.dropFirst(), path: path + " " + sub.name, subcommand: first)
        }
        if line.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return ParsedArguments(subcommand: subcommand, command: self, path: path, wantsHelp: true, occurrences: [:], arguments: [])
        }
        var occurrences: [String: [[String]]] = [:]
        var positional: [String] = []
        var remaining = line
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") && argument.count > 1 else {
                positional.append(try self.positional(argument, at: positional.count))
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let option = option(named: name) else {
                throw .unknownOption(name, suggestion: Suggestion.closest(to: name, among: options.map(\.name) + ["--help"]))
            }
            var values: [String] = []
            for value in option.values {
                let text: String
                if let given = attached {
                    (text, attached) = (given, nil)
                } else {
                    guard let next = remaining.first, !isOption(next) else {
                        throw .missingValue(option: name, valueName: option.values.map(\.name).joined(separator: " "))
                    }
                    text = remaining.removeFirst()
                }
                try value.kind.check(text, for: name)
                values.append(text)
            }
            if attached != nil {
                throw .badValue(option: name, value: argument, expected: "no value (\(name) is a flag)")
            }
            if option.isRepeatable {
                occurrences[name, default: []].append(values)
            } else {
                occurrences[name] = [values]
            }
        }
        let required = arguments.dropLast(lastArgumentRepeats ? 1 : 0)
        if positional.count < required.count {
            throw .missingArguments(command: path, expected: required.map(\.name).joined(separator: " "))
        }
        return ParsedArguments(subcommand: subcommand, command: self, path: path, wantsHelp: false,
                               occurrences: occurrences, arguments: positional)
    }

    /// Checks `argument`, the `index`th that is not an option.
    private func positional(_ argument: String, at index: Int) throws(ArgumentError) -> String {
        let spec = index < arguments.count ? arguments[index] : lastArgumentRepeats ? arguments.last : nil
        guard let spec else {
            if subcommand(named: argument) != nil {
                throw .invalid("'\(argument)' is a command and comes first: \(name) \(argument) ...")
            }
            throw .unexpectedArgument(argument, suggestion: suggestion(for: argument))
        }
        try spec.kind.check(argument, for: spec.name)
        return argument
    }

    /// What a stray `argument` was probably meant as: the option whose known names include it
    /// (`--workload toggles` for `toggles`), else the closest subcommand.
    private func suggestion(for argument: String) -> String? {
        for option in options {
            if case .name(_, let names)? = option.values.first?.kind, names.contains(argument) {
                return option.name + " " + argument
            }
        }
        return Suggestion.closest(to: argument, among: subcommands.map(\.name))
    }

    /// Whether `text` is one of this command's options (or `--help`), rather than a value.
    private func isOption(_ text: String) -> Bool {
        guard text.hasPrefix("--") else { return false }
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        return name == "--help" || option(named: name) != nil
    }

    /// Parses `arguments` for a tool written as a script: prints the help and exits 0 when asked
    /// for it, prints the error's line and exits with ``ExitStatus/usage`` on a usage error.
    public func parseOrExit<Arguments: Collection<String>>(_ arguments: Arguments) -> ParsedArguments {
        do {
            let parsed = try parse(Array(arguments))
            if parsed.wantsHelp {
                print(parsed.help)
                exit(ExitStatus.success)
            }
            return parsed
        } catch {
            exitWithUsageError(error)
        }
    }

    /// Prints `error` as the tool's one line on standard error and exits with ``ExitStatus/usage``.
    public func exitWithUsageError(_ error: any Error) -> Never {
        FileHandle.standardError.write(Data((ArgumentError.line(for: error, tool: name) + "\n").utf8))
        exit(ExitStatus.usage)
    }
}
