import Foundation
import Scheduling

/// A number that scales a workload's work (rows of a list, lines of caption per row, share of each
/// frame the main thread is busy, taps per second, ...), with the value the workload runs at unless
/// told otherwise and the range a sweep may vary it over.
///
/// A workload declares its parameters in ``Workload/loadParameters`` and makes itself at another
/// load in ``Workload/setting(_:to:)``; `bench sweep` runs it at each of ``sweepValues`` (or the
/// values given with `--load NAME=V1,V2,...`) to find where each strategy breaks.
///
/// ```swift
/// var loadParameters: [LoadParameter] {
///     [LoadParameter(name: "rows", unit: "rows", summary: "rows of the list", default: 400, range: 50 ... 12_800)]
/// }
/// func setting(_ parameter: String, to value: Double) throws -> any Workload {
///     try checkedLoad(parameter, value)
///     return ListWorkload(rows: Int(value))
/// }
/// ```
public struct LoadParameter: Sendable, Hashable, Codable {
    /// The name on the command line (`--load rows=800`) and in results, e.g. `rows`.
    public let name: String
    /// What a value counts, after the number in sentences: `rows` ("from 800 rows").
    public let unit: String
    /// A few words: what the parameter scales, for `bench --list`.
    public let summary: String
    /// The value the workload runs at unless told otherwise.
    public let defaultValue: Double
    /// The values a run or a sweep may set it to (the workload's own value, ``defaultValue``, may
    /// lie outside).
    public let range: ClosedRange<Double>
    /// Whether values are whole numbers (counts).
    public let isWholeNumber: Bool
    /// The loads `bench sweep` runs when none are given, ascending and without repeats: those the
    /// workload lists, or six spread over ``range`` (see ``init(name:unit:summary:default:range:isWholeNumber:sweep:)``).
    public let sweepValues: [Double]

    /// A parameter called `name` whose values count `unit`, `default` unless told otherwise, set
    /// within `range`. `sweep` lists the loads a sweep runs when none are given (the built-in
    /// workloads list six: a breaking point lies between two of them, so fewer loads place it
    /// more coarsely); without it, 6 loads spread over the range, geometrically when it spans a
    /// factor of 10 or more, evenly otherwise, with `default` among them.
    ///
    /// `default` is the value of the workload at hand, which may lie outside `range` (a workload
    /// made smaller than a sweep goes, for a quick test); a sweep value outside `range`, no sweep
    /// value, or a name that is not a name breaks the rules, which ``definitionProblem`` says and
    /// `bench` reports before it runs anything.
    public init(
        name: String, unit: String, summary: String, default defaultValue: Double, range: ClosedRange<Double>,
        isWholeNumber: Bool = true, sweep: [Double]? = nil
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.defaultValue = defaultValue
        self.range = range
        self.isWholeNumber = isWholeNumber
        let values = sweep ?? Self.spread(over: range, including: defaultValue, wholeNumbers: isWholeNumber)
        sweepValues = Array(Set(values)).sorted()
    }

    /// What is wrong with this parameter's definition, or `nil`: its name is not a name
    /// (``Scheduling/ResultName/problem(with:naming:)``), its range is not finite, a sweep value is
    /// not one of its values (``problem(with:)``), or it has no sweep value.
    public var definitionProblem: String? {
        if let problem = ResultName.problem(with: name, naming: "load parameter") { return problem }
        guard range.lowerBound.isFinite, range.upperBound.isFinite else {
            return "load parameter \(name): its range \(range) is not finite"
        }
        guard !sweepValues.isEmpty else { return "load parameter \(name): it lists no load to sweep" }
        if let problem = sweepValues.lazy.compactMap(problem(with:)).first { return "load parameter \(name): a sweep value: \(problem)" }
        return nil
    }

    /// Six values over `range`, `value` among them: geometric steps when the range spans a factor
    /// of 10 or more (and starts above 0), even steps otherwise; rounded when `wholeNumbers`.
    static func spread(over range: ClosedRange<Double>, including value: Double, wholeNumbers: Bool) -> [Double] {
        let count = 6
        let (low, high) = (range.lowerBound, range.upperBound)
        var values: [Double]
        if low > 0 && high / low >= 10 {
            let ratio = pow(high / low, 1 / Double(count - 1))
            values = (0 ..< count).map { low * pow(ratio, Double($0)) }
        } else {
            values = (0 ..< count).map { low + (high - low) * Double($0) / Double(count - 1) }
        }
        if low > 0 && high / low >= 10 {
            // Geometric steps land on 1, 2, 2.5 or 5 times a power of ten, the bounds kept.
            values = values.indices.map { index in
                guard index > 0 && index < count - 1 else { return values[index] }
                return niceNumber(values[index])
            }
        }
        if wholeNumbers { values = values.map { $0.rounded() } }
        // The value nearest the default is replaced by it, so that a sweep holds the default load
        // (when the default is one a sweep may set).
        if range.contains(value), !values.contains(value), let nearest = values.indices.min(by: { abs(values[$0] - value) < abs(values[$1] - value) }) {
            values[nearest] = value
        }
        return values
    }

    /// The number among 1, 2, 2.5 and 5 times a power of ten nearest `value` (by ratio).
    static func niceNumber(_ value: Double) -> Double {
        let power = pow(10, floor(log10(value)))
        let candidates = [1, 2, 2.5, 5, 10].map { $0 * power }
        return candidates.min { abs(log($0 / value)) < abs(log($1 / value)) }!
    }

    /// `value` with its unit, for sentences: "8,000 rows", "2.5 taps per second".
    public func describe(_ value: Double) -> String {
        "\(Self.format(value)) \(unit)"
    }

    /// `value` as a number in sentences and tables: grouped thousands, no trailing zeros.
    public static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.groupingSeparator = ","
            formatter.maximumFractionDigits = 0
            return formatter.string(from: NSNumber(value: value)) ?? String(Int(value))
        }
        return String(format: "%g", value)
    }

    /// Why `value` cannot be set, or `nil` if it can.
    public func problem(with value: Double) -> String? {
        guard value.isFinite, range.contains(value) else {
            return "\(name) takes values from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not \(Self.format(value))"
        }
        if isWholeNumber && value != value.rounded() {
            return "\(name) takes whole numbers, not \(Self.format(value))"
        }
        return nil
    }
}

extension Workload {
    /// No parameter: a workload that declares none runs at its one load, and cannot be swept.
    public var loadParameters: [LoadParameter] { [] }

    /// Throws: a workload that declares no parameter has no other load
    /// (``WorkloadError/unknownParameter(workload:parameter:known:)``), and one that declares
    /// parameters must implement this to make itself at another load.
    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        throw WorkloadError.badLoad(workload: name, message: "it declares \(parameter) but does not implement setting(_:to:)")
    }

    /// The parameter called `parameter`, after checking that `value` is one of its values: for
    /// implementations of ``setting(_:to:)``.
    ///
    /// - Throws: ``WorkloadError/unknownParameter(workload:parameter:known:)`` when the workload
    ///   declares no such parameter, ``WorkloadError/badLoad(workload:message:)`` when `value` is
    ///   outside its range or not a whole number where one is needed.
    @discardableResult
    public func checkedLoad(_ parameter: String, _ value: Double) throws -> LoadParameter {
        guard let declared = loadParameters.first(where: { $0.name == parameter }) else {
            throw WorkloadError.unknownParameter(workload: name, parameter: parameter, known: loadParameters.map(\.name))
        }
        if let problem = declared.problem(with: value) {
            throw WorkloadError.badLoad(workload: name, message: problem)
        }
        return declared
    }
}
