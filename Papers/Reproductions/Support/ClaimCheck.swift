/// A claim of a source and whether our measurements support it.
public struct ClaimCheck: Sendable {
    /// The claim in one sentence.
    public var statement: String
    /// Whether the experiment supports it.
    public var held: Bool
    /// Whether a failure is an error of ours (a claim our engine must satisfy, checked on exact
    /// counts or values): `reproduce` exits non-zero when a gated claim does not hold. Time and
    /// memory comparisons, which depend on the machine and its load, are reported but not gated.
    public var gated: Bool
    /// The key figures behind the verdict.
    public var evidence: String

    public init(_ statement: String, held: Bool, gated: Bool, evidence: String) {
        self.statement = statement
        self.held = held
        self.gated = gated
        self.evidence = evidence
    }

    /// "held" or "did not hold", marked "(measured, not gated)" for time and memory comparisons.
    public var verdict: String {
        (held ? "held" : "did not hold") + (gated ? "" : " (measured, not gated)")
    }
}
