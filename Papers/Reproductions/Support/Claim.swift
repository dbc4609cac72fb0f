import Reporting

/// A claim of a paper and what the experiment that tests it found.
///
/// A claim is decided in one of two ways:
/// - **exact**: on counts or values that are the same on every run (evaluations, marks, values,
///   virtual-clock times, instructions counted by callgrind). When it is *gated* (a claim our
///   engine must satisfy), `reproduce` exits non-zero if it does not hold.
/// - **measured**: on repeated measurements of the machine (real-clock times, resident memory),
///   from the interval of each measure (``MedianEstimate``) against what the claim expects of it
///   (``Expectation``). Such a claim can also be *inconclusive*, and never fails the run.
///
/// A claim can also carry a ``CrossCheck`` (the same claim on another quantity, such as time for a
/// claim decided on instructions) and ``ClaimCase``s (the claim decided case by case, such as per
/// shape): neither changes the verdict, which stays that of the deciding quantity, but a
/// cross-check that disagrees and the cases that go against the verdict are named in it
/// (``verdictDescription``), and such a claim is counted apart (``isMixed``). The words are
/// ``Vocabulary``'s.
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
    /// What the verdict was decided on.
    public var quantity: Quantity
    /// The key figures behind the verdict, in words.
    public var evidence: String
    /// The same claim decided on another quantity, reported beside the verdict.
    public var crossCheck: CrossCheck?
    /// The claim decided case by case (shapes, sizes), reported beside the verdict.
    public var cases: [ClaimCase] = []

    /// A claim decided on exact counts or values (`quantity`: counts by default, or instructions).
    /// `gated` (the default): a claim our engine must satisfy, so that `reproduce` fails when it
    /// does not hold; pass `false` for a finding about the paper that may legitimately not hold
    /// for us.
    public static func exact(_ statement: String, held: Bool, gated: Bool = true, on quantity: Quantity = .counts,
                             evidence: String) -> Claim {
        Claim(statement: statement, basis: .exact(held: held, gated: gated), quantity: quantity, evidence: evidence)
    }

    /// A claim decided from repeated measurements of `quantity` (time by default): it holds when
    /// every measure's interval lies where its expectation wants it, does not hold when one lies
    /// entirely outside, and is inconclusive otherwise.
    public static func measured(_ statement: String, _ measures: [Measure], on quantity: Quantity = .time,
                                evidence: String) -> Claim {
        Claim(statement: statement, basis: .measured(measures), quantity: quantity, evidence: evidence)
    }

    /// This claim, also decided on another quantity.
    public func crossChecked(by check: CrossCheck) -> Claim {
        var claim = self
        claim.crossCheck = check
        return claim
    }

    /// This claim, also decided case by case.
    public func withCases(_ cases: [ClaimCase]) -> Claim {
        var claim = self
        claim.cases = cases
        return claim
    }

    /// What the experiment found, on the deciding quantity.
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

    /// Whether the cross-check agrees with the verdict.
    public var agreement: Agreement? {
        crossCheck.map { Agreement(verdict, $0.verdict) }
    }

    /// The cases whose verdict on the deciding quantity is the opposite of the claim's (or, for an
    /// inconclusive claim, did not hold): named in the verdict.
    public var exceptions: [ClaimCase] {
        cases.filter { $0.verdict(on: quantity) == against }
    }

    /// The other cases whose verdict on another quantity (the cross-check's) is the opposite of
    /// the claim's: named in the evidence, as a timing is not the same on every run.
    public var crossCheckExceptions: [ClaimCase] {
        cases.filter { claimCase in
            claimCase.verdict(on: quantity) != against && claimCase.verdicts.contains { $0.quantity != quantity && $0.verdict == against }
        }
    }

    /// The verdict a case goes against this claim's with.
    private var against: Verdict { verdict == .didNotHold ? .held : .didNotHold }

    /// Whether the claim is counted apart in a summary: its cross-check disagrees, or some cases go
    /// against its verdict.
    public var isMixed: Bool { agreement == .disagrees || !exceptions.isEmpty }

    /// The verdict in ``Vocabulary``'s words: "held", "inconclusive on time", "held on
    /// instructions, not on time", "held on instructions; time inconclusive; did not hold on
    /// random DAG".
    public var verdictDescription: String {
        var text = verdict.rawValue
        if quantity != .counts || crossCheck != nil { text += " on \(quantity.rawValue)" }
        if let crossCheck, let agreement {
            let other = crossCheck.quantity.rawValue
            switch agreement {
            case .agrees: text += " and on \(other)"
            case .disagrees: text += verdict == .held ? ", not on \(other)" : "; \(crossCheck.verdict.rawValue) on \(other)"
            case .inconclusive:
                text += crossCheck.verdict == .inconclusive ? "; \(other) inconclusive" : "; \(crossCheck.verdict.rawValue) on \(other)"
            }
        }
        let exceptions = exceptions
        if !exceptions.isEmpty {
            text += "; " + (verdict == .didNotHold ? Verdict.held : Verdict.didNotHold).rawValue + " on "
                + exceptions.map(\.name).joined(separator: ", ")
        }
        return text
    }

    /// How the claim is decided: "exact: counts, gated", "exact: instructions", "measured: time".
    public var basisDescription: String {
        switch basis {
        case .exact(_, let gated): "exact: \(quantity.rawValue)" + (gated ? ", gated" : "")
        case .measured: "measured: \(quantity.rawValue)"
        }
    }

    /// Each measure with its interval and expectation, then the cross-check's figures.
    public var intervals: [String] {
        var parts: [String] = []
        if case .measured(let measures) = basis { parts += measures.map(\.description) }
        if let crossCheck { parts.append("\(crossCheck.quantity.rawValue): \(crossCheck.figures)") }
        return parts
    }

    /// ``intervals`` joined, or "none" for an exact claim with no cross-check.
    public var intervalDescription: String {
        intervals.isEmpty ? "none" : intervals.joined(separator: "; ")
    }

    /// The key figures, followed by the figures of the cases that go against the verdict, on the
    /// deciding quantity and then on another.
    public var evidenceDescription: String {
        var text = evidence
        let exceptions = exceptions, others = crossCheckExceptions
        if !exceptions.isEmpty {
            text += ". Against the verdict: " + exceptions.map { "\($0.name): \($0.figures)" }.joined(separator: "; ")
        }
        if !others.isEmpty {
            let quantities = Set(others.flatMap { $0.verdicts.map(\.quantity) }).subtracting([quantity])
            text += ". Against the verdict on \(quantities.map(\.rawValue).sorted().joined(separator: " and ")) only: "
                + others.map { "\($0.name): \($0.figures)" }.joined(separator: "; ")
        }
        return text
    }
}

/// What a claim is decided on, as its verdict names it ("held on instructions").
public enum Quantity: String, Sendable, CaseIterable {
    /// Exact counts or values: evaluations, marks, values, virtual-clock times.
    case counts
    /// Instructions counted by valgrind's callgrind: exact for a given build.
    case instructions
    /// Real-clock time, measured in repeated rounds.
    case time
    /// Resident memory, measured in repeated rounds.
    case memory
}

/// A claim decided on another quantity than its verdict's, for comparison: time for a claim
/// decided on instructions, instructions for a timed one.
public struct CrossCheck: Sendable {
    public var quantity: Quantity
    public var verdict: Verdict
    /// Its figures: measures with their intervals, or exact values.
    public var figures: String

    /// A cross-check from repeated measurements, each decided by its decisive verdict
    /// (``Measure/decisiveVerdict``), so that it contradicts a verdict only beyond a margin.
    public static func measured(_ quantity: Quantity, _ measures: [Measure]) -> CrossCheck {
        CrossCheck(quantity: quantity, verdict: Verdict.all(measures.map(\.decisiveVerdict)), figures: measures.map(\.description).joined(separator: "; "))
    }

    /// A cross-check from exact values (such as instruction counts).
    public static func exact(_ quantity: Quantity, held: Bool, figures: String) -> CrossCheck {
        CrossCheck(quantity: quantity, verdict: held ? .held : .didNotHold, figures: figures)
    }
}

/// Whether a cross-check agrees with a verdict. It disagrees only when one held and the other did
/// not (for a measured cross-check: its interval lies wholly on the other side of the threshold);
/// when either is inconclusive, so is the agreement. A noisy timing can so move it between
/// "inconclusive" and one of the others, never between "agrees" and "disagrees", and never the
/// verdict itself.
public enum Agreement: Sendable, Equatable {
    case agrees, disagrees, inconclusive

    init(_ verdict: Verdict, _ other: Verdict) {
        if verdict == .inconclusive || other == .inconclusive {
            self = .inconclusive
        } else {
            self = verdict == other ? .agrees : .disagrees
        }
    }
}

/// One case of a claim (a shape, a size) decided on its own, on one or more quantities.
public struct ClaimCase: Sendable {
    public struct QuantityVerdict: Sendable {
        public var quantity: Quantity
        public var verdict: Verdict

        public init(_ quantity: Quantity, _ verdict: Verdict) {
            self.quantity = quantity
            self.verdict = verdict
        }
    }

    /// The case, such as "random DAG".
    public var name: String
    /// Its verdict on each quantity.
    public var verdicts: [QuantityVerdict]
    /// Its figures, such as "instructions 0.975; time 0.19 (95 % interval 0.01–0.40, 21 rounds)".
    public var figures: String

    /// Its verdict on `quantity`, if it was decided on it.
    public func verdict(on quantity: Quantity) -> Verdict? {
        verdicts.first { $0.quantity == quantity }?.verdict
    }

    public init(_ name: String, verdicts: [QuantityVerdict], figures: String) {
        self.name = name
        self.verdicts = verdicts
        self.figures = figures
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

    /// Where the interval lies against the expectation; inconclusive when it has too few rounds
    /// for ``Vocabulary/coverage``.
    public var verdict: Verdict {
        Vocabulary.hasCoverage(estimate) ? expectation.verdict(for: estimate) : .inconclusive
    }

    /// The verdict as a cross-check uses it (``Expectation/decisiveVerdict(for:)``).
    public var decisiveVerdict: Verdict {
        Vocabulary.hasCoverage(estimate) ? expectation.decisiveVerdict(for: estimate) : .inconclusive
    }

    /// "topological / mark-sweep time 1.26 (95 % interval 1.10–1.40, 21 rounds); expected > 1.00".
    public var description: String {
        "\(name) \(Vocabulary.describe(estimate, decimals: decimals)); expected \(expectation.description(decimals: decimals))"
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

    /// The verdict of a measure that checks another quantity's verdict: with a margin, held or
    /// did not hold only when the interval lies beyond the margin on either side (``verdict(for:)``
    /// asks the margin only of "did not hold" for ``within(_:margin:)``), so that a timing
    /// wavering near a bound cannot turn "inconclusive" into a contradiction.
    public func decisiveVerdict(for estimate: MedianEstimate) -> Verdict {
        let verdict = verdict(for: estimate)
        guard verdict == .held, case .within(let range, let margin) = self, margin > 0 else { return verdict }
        return range.lowerBound * (1 + margin) <= estimate.low && estimate.high <= range.upperBound / (1 + margin) ? .held : .inconclusive
    }

    /// Whether an exact `value` satisfies the expectation (an interval of one point): the same
    /// thresholds and margins decide an exact claim as a measured one.
    public func holds(exactly value: Double) -> Bool {
        verdict(for: MedianEstimate(median: value, low: value, high: value, coverage: 1, count: 1)) == .held
    }

    /// "> 1.00", "< 0.25", "0.80–1.25"; with a margin, the rule it sets on "did not hold".
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
                + " (did not hold only when wholly outside it by more than \(NumberFormat.fixed(100 * margin, decimals: 0)) %)"
        }
    }
}
