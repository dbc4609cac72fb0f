/// One value an option takes or one argument a command takes: its name as the help shows it
/// (`N`, `NAME`, `A.json`) and what it must be.
public struct ValueSpec: Sendable {
    /// The placeholder shown in the usage and the help, such as `N` or `FILE`.
    public let name: String
    /// What the value must be; the parser checks it.
    public let kind: ValueKind

    /// A value shown as `name` that must be of `kind`.
    public init(_ name: String, _ kind: ValueKind) {
        self.name = name
        self.kind = kind
    }
}

/// One option of a command, as a line of the command's declarative table: its name, its values,
/// whether it may be repeated, its help text and what applies when it is not given.
public struct OptionSpec: Sendable {
    /// The option as typed, such as `--frames`.
    public let name: String
    /// The values that follow it: none for a flag, one for most options.
    public let values: [ValueSpec]
    /// Whether every occurrence counts (`--workload A --workload B`); otherwise the last one does.
    public let isRepeatable: Bool
    /// What the option does, in a sentence or two (wrapped by the help).
    public let help: String
    /// What applies when the option is not given, shown as "Default: …"; `nil` shows nothing.
    public let defaultValue: String?

    /// An option with `values`; prefer ``flag(_:help:)``, ``value(_:_:_:help:default:)`` and
    /// ``repeatable(_:_:_:help:default:)``, which read as the help does.
    public init(_ name: String, values: [ValueSpec], repeatable: Bool = false, help: String, default defaultValue: String? = nil) {
        precondition(name.hasPrefix("-"), "an option's name starts with a dash")
        self.name = name
        self.values = values
        self.isRepeatable = repeatable
        self.help = help
        self.defaultValue = defaultValue
    }

    /// An option without a value that is either given or not.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name, values: [], help: help)
    }

    /// An option with one value named `valueName` of `kind`; given twice, the last one counts.
    public static func value(_ name: String, _ valueName: String, _ kind: ValueKind, help: String, default defaultValue: String? = nil) -> OptionSpec {
        OptionSpec(name, values: [ValueSpec(valueName, kind)], help: help, default: defaultValue)
    }

    /// An option with one value that may be given several times, every value counting.
    public static func repeatable(_ name: String, _ valueName: String, _ kind: ValueKind, help: String, default defaultValue: String? = nil) -> OptionSpec {
        OptionSpec(name, values: [ValueSpec(valueName, kind)], repeatable: true, help: help, default: defaultValue)
    }

    /// `--frames N`, as the help's option column shows it (a list's value as `N,N...`).
    var label: String {
        ([name] + values.map { $0.kind.isList ? "\($0.name),..." : $0.name }).joined(separator: " ")
    }

    /// The help text, then the accepted range of a number ("1 to 100,000.") and the default when
    /// there is one.
    var helpWithDefault: String {
        var text = help
        if let range = values.first.flatMap({ $0.kind.rangeDescription }) { text += " \(range)." }
        guard let defaultValue else { return text }
        return text + " Default: " + defaultValue + (defaultValue.hasSuffix(".") ? "" : ".")
    }
}
