import Reporting

/// A claim of a paper and what the experiment that tests it found.
///
/// A claim is decided in one of two ways:
/// - **exact**: on counts or values that are the same on every run (evaluations, marks, values,
///   virtual-clock times). When it is *gated* (a claim our engine must satisfy), `reproduce` exits
///   non-zero if it does not hold.
/// - **measured**: on repeated measurements of the machine (real-clock times, resident memory),
///   from the interval of each measure (``MedianEstimate``) against what the claim expects of it
///   (``Expectation``). Such a claim can also be *inconclusive*, and never fails the run.
public struct Claim: Sendable {
    /// How the claim is decided.
    public enum Basis: Sendable {
        /// Exact counts or values decided it; `gated` makes a failure fail the run.
        case exact(held: Bool, gated: Bool)
        /// Each measure's interval against what the claim expects of it.
        case measured([Measure])
    }

    /// The claim in one sentence.
    public var statement: String
    public var basis: Basis
    /// The key figures behind the verdict, in words.
    public var evidence: String

    /// A claim decided on exact counts or values. `gated` (the default): a claim our engine must
    /// satisfy, so that `reproduce` fails when it does not hold; pass `false` for a finding about
    /// the paper that may legitimately not hold for us.
    public static func exact(_ statement: String, held: Bool, gated: Bool = true, evidence: String) -> Claim {
        Claim(statement: statement, basis: .exact(held: held, gated: gated), evidence: evidence)
    }

    /// A claim decided from repeated measurements: it holds when every measure's interval lies
    /// where its expectation wants it, does not hold when one lies entirely outside, and is
    /// inconclusive otherwise.
    public static func measured(_ statement: String, _ measures: [Measure], evidence: String) -> Claim {
        Claim(statement: statement, basis: .measured(measures), evidence: evidence)
    }

    /// What the experiment found.
    public var verdict: Verdict {
        switch basis {
        case .exact(let held, _):
            held ? .held : .didNotHold
        case .measured(let measures):
            Verdict.all(measures.map(\.verdict))
        }
    }

    /// Whether a failure of this claim fails the run: an exact claim our engine must satisfy.
    public var isGated: Bool {
        if case .exact(_, true) = basis { true } else { false }
    }

    /// Whether this claim makes the run fail: a gated exact claim that did not hold.
    public var failsRun: Bool { isGated && verdict == .didNotHold }

    /// The verdict with how it was reached, as in the README: "held", "did not hold (exact, not
    /// gated)", "inconclusive (measured, not gated)".
    public var verdictDescription: String {
        switch basis {
        case .exact(_, true): verdict.rawValue
        case .exact(_, false): verdict.rawValue + " (exact, not gated)"
        case .measured: verdict.rawValue + " (measured, not gated)"
        }
    }

    /// Each measure with its interval and expectation, or "exact" for an exact claim.
    public var intervalDescription: String {
        switch basis {
        case .exact: "exact"
        case .measured(let measures): measures.map(\.description).joined(separator: "; ")
        }
    }
}

/// The outcome of a claim.
public enum Verdict: String, Sendable, CaseIterable {
    case held
    case didNotHold = "did not hold"
    /// A measured claim whose interval straddles what it expects: neither held nor refuted.
    case inconclusive

    /// The verdict of a claim that needs every part to hold: did not hold if one part did not,
    /// held if all did, inconclusive otherwise (no parts: inconclusive).
    static func all(_ parts: [Verdict]) -> Verdict {
        if parts.contains(.didNotHold) { return .didNotHold }
        if !parts.isEmpty && parts.allSatisfy({ $0 == .held }) { return .held }
        return .inconclusive
    }
}

/// One measured quantity of a claim: its estimate with an interval, and what the claim expects.
public struct Measure: Sendable, Equatable {
    /// What is measured, such as "topological / mark-sweep time".
    public var name: String
    public var estimate: MedianEstimate
    public var expectation: Expectation
    /// Decimals shown for the estimate and the threshold.
    public var decimals: Int

    public init(_ name: String, _ estimate: MedianEstimate, _ expectation: Expectation, decimals: Int = 2) {
        self.name = name
        self.estimate = estimate
        self.expectation = expectation
        self.decimals = decimals
    }

    /// Where the interval lies against the expectation.
    public var verdict: Verdict { expectation.verdict(for: estimate) }

    /// "topological / mark-sweep time 1.26 (95 % interval 1.10–1.40, 21 rounds; expected > 1.00)".
    public var description: String {
        "\(name) \(estimate.description(decimals: decimals)); expected \(expectation.description(decimals: decimals))"
    }
}

/// What a measured claim expects of a measure.
public enum Expectation: Sendable, Equatable {
    /// Greater than the threshold. With a `margin` (such as 0.1), a ratio within that factor of the
    /// threshold counts as no meaningful difference: held only when the interval lies above
    /// threshold × (1 + margin), did not hold only when it lies below threshold / (1 + margin).
    case above(Double, margin: Double = 0)
    /// Less than the threshold.
    case below(Double)
    /// Between the bounds (inclusive). With a `margin`, did not hold only when the interval lies
    /// outside the bounds widened by that factor (lower / (1 + margin), upper × (1 + margin)).
    case within(ClosedRange<Double>, margin: Double = 0)

    /// Held when the whole interval satisfies the expectation, did not hold when none of it
    /// does, inconclusive when the interval straddles a bound.
    public func verdict(for estimate: MedianEstimate) -> Verdict {
        let low = estimate.low, high = estimate.high
        switch self {
        case .above(let threshold, let margin):
            return low > threshold * (1 + margin) ? .held : high <= threshold / (1 + margin) ? .didNotHold : .inconclusive
        case .below(let threshold):
            return high < threshold ? .held : low >= threshold ? .didNotHold : .inconclusive
        case .within(let range, let margin):
            if range.lowerBound <= low && high <= range.upperBound { return .held }
            if high < range.lowerBound / (1 + margin) || low > range.upperBound * (1 + margin) { return .didNotHold }
            return .inconclusive
        }
    }

    /// "> 1.00", "< 0.25", "0.80–1.25".
    public func description(decimals: Int) -> String {
        let format = { (value: Double) in NumberFormat.fixed(value, decimals: decimals) }
        return switch self {
        case .above(let threshold, 0): "> " + format(threshold)
        case .above(let threshold, let margin):
            "> " + format(threshold) + " by more than \(NumberFormat.fixed(100 * margin, decimals: 0)) %"
        case .below(let threshold): "< " + format(threshold)
        case .within(let range, 0): format(range.lowerBound) + "–" + format(range.upperBound)
        case .within(let range, let margin):
            format(range.lowerBound) + "–" + format(range.upperBound)
                + " (outside it by more than \(NumberFormat.fixed(100 * margin, decimals: 0)) %: did not hold)"
        }
    }
}
