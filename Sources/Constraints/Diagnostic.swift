/// A problem the graph detected and recovered from. Reported to ``Graph/diagnosticHandler`` and
/// kept in ``Graph/diagnostics``.
public enum Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// A rule read itself, directly or through others; the names run from the node whose read
    /// closed the cycle back to itself. The read returned the previous (or initial) value.
    case cycle([String])
    /// A rule's closure wrote an input. The write was applied after the evaluation finished.
    case writeDuringEvaluation(rule: String, input: String)
    /// ``Graph/flush()`` stopped after this many rounds with these effects still out of date.
    case flushDidNotConverge(rounds: Int, effects: [String])
    /// ``Graph/flush()`` was called from inside an evaluation (or from the `==` of a value written
    /// to an input) and did nothing.
    case flushDuringEvaluation

    public var description: String {
        switch self {
        case .cycle(let path):
            "dependency cycle \(path.joined(separator: " → ")); the read returned the previous value"
        case .writeDuringEvaluation(let rule, let input):
            "rule '\(rule)' wrote input '\(input)' during its evaluation; the write is applied after the evaluation"
        case .flushDidNotConverge(let rounds, let effects):
            "flush stopped after \(rounds) rounds: effects keep changing each other's inputs (\(effects.joined(separator: ", ")))"
        case .flushDuringEvaluation:
            "flush() called during an evaluation was ignored"
        }
    }
}

extension Graph {
    /// The most recent diagnostics, oldest first (at most ``maximumDiagnosticsKept``).
    public var diagnostics: [Diagnostic] { diagnosticLog }

    /// How many diagnostics ``diagnostics`` keeps.
    public static let maximumDiagnosticsKept = 1_000

    /// Empties ``diagnostics``.
    public func clearDiagnostics() { diagnosticLog.removeAll() }

    func report(_ diagnostic: Diagnostic) {
        if diagnosticLog.count == Self.maximumDiagnosticsKept { diagnosticLog.removeFirst() }
        diagnosticLog.append(diagnostic)
        diagnosticHandler(diagnostic)
    }
}

/// Stops with a clear message: a handle was used after its node went away.
@usableFromInline @inline(never)
func detachedNodeUse<Value>(_: Value.Type) -> Never {
    fatalError("Constraints: use of a \(Value.self) node that no longer exists "
        + "(its subgraph was destroyed, the effect was cancelled, or its graph was deallocated)")
}
