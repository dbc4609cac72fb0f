import Reporting

/// What an option's or an argument's value must be; the parser checks it before a tool sees it,
/// and names the option, the value and what was expected when it does not fit.
public enum ValueKind: Sendable {
    /// Any text, the empty string included.
    case text
    /// A file or directory path: any non-empty text (an empty path names no file).
    case path
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A number (decimal point allowed) within the range.
    case number(ClosedRange<Double>)
    /// One of a fixed set of words, such as an output format.
    case choice([String])
    /// One of the names a tool knows, such as its workloads; `kind` ("workload") names them in the
    /// error, which lists the known names and suggests the closest.
    case name(kind: String, among: [String])
    /// Text that `accepts` approves; `expected` says what that is, for the error.
    case checked(expected: String, accepts: @Sendable (String) -> Bool)
    /// A comma-separated list (`100,400`) whose every element is of the inner kind.
    indirect case list(ValueKind)

    /// The cases of `Choice`, by their raw values.
    public static func choice<Choice: CaseIterable & RawRepresentable>(_ type: Choice.Type) -> ValueKind
    where Choice.RawValue == String {
        .choice(type.allCases.map(\.rawValue))
    }

    /// Whether the values of this kind are comma-separated lists.
    var isList: Bool {
        if case .list = self { return true }
        return false
    }

    /// Checks `value` given to `option` (an option's name, or an argument's value name).
    func check(_ value: String, for option: String) throws(ArgumentError) {
        switch self {
        case .text:
            return
        case .path:
            guard !value.isEmpty else {
                throw .badValue(option: option, value: value, expected: "a path (an empty one names no file)")
            }
        case .integer(let range):
            guard let number = Int(value), range.contains(number) else {
                throw .badValue(option: option, value: value, expected: Self.describe(range))
            }
        case .number(let range):
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                throw .badValue(option: option, value: value, expected: Self.describe(range))
            }
        case .choice(let choices):
            guard choices.contains(value) else {
                throw .badValue(option: option, value: value, expected: "one of " + choices.joined(separator: ", "))
            }
        case .name(let kind, let names):
            guard names.contains(value) else {
                throw .unknownName(option: option, kind: kind, name: value, known: names)
            }
        case .checked(let expected, let accepts):
            guard accepts(value) else { throw .badValue(option: option, value: value, expected: expected) }
        case .list(let element):
            let items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !value.isEmpty, !items.contains(where: \.isEmpty) else {
                throw .badValue(option: option, value: value, expected: "a comma-separated list such as \(element.example)")
            }
            for item in items { try element.check(item, for: option) }
        }
    }

    /// A value of this kind, for the list error's example.
    private var example: String {
        switch self {
        case .integer(let range): "\(range.lowerBound),\(range.lowerBound + 1)"
        case .number(let range): "\(Self.plain(range.lowerBound)),\(Self.plain(range.lowerBound + 1))"
        case .choice(let names), .name(_, let names): names.prefix(2).joined(separator: ",")
        default: "a,b"
        }
    }

    /// "1 to 100,000" for a bounded number (of a list's elements too), "at least 1" for one bounded
    /// below only; `nil` for other kinds.
    var rangeDescription: String? {
        switch self {
        case .integer(let range):
            range.upperBound == Int.max ? "At least \(NumberFormat.grouped(range.lowerBound))"
                : "\(NumberFormat.grouped(range.lowerBound)) to \(NumberFormat.grouped(range.upperBound))"
        case .number(let range):
            range.upperBound == .infinity ? "At least \(Self.plain(range.lowerBound))"
                : "\(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))"
        case .list(let element): element.rangeDescription.map { "Each " + $0.prefix(1).lowercased() + $0.dropFirst() }
        default: nil
        }
    }

    /// "a whole number from 1 to 100,000", "a whole number of at least 1".
    static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "a whole number of at least \(NumberFormat.grouped(range.lowerBound))" }
        return "a whole number from \(NumberFormat.grouped(range.lowerBound)) to \(NumberFormat.grouped(range.upperBound))"
    }

    /// "a number from 1 to 1,000".
    static func describe(_ range: ClosedRange<Double>) -> String {
        if range.upperBound == .infinity { return "a number of at least \(plain(range.lowerBound))" }
        return "a number from \(plain(range.lowerBound)) to \(plain(range.upperBound))"
    }

    /// `value` without a needless ".0", thousands grouped when whole.
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return NumberFormat.grouped(Int(value)) }
        return "\(value)"
    }
}
