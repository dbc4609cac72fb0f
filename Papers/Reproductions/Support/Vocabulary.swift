import Reporting

/// The words and the coverage rule that every verdict and interval is stated with: in the tool's
/// output, in the generated region of each paper's README, and in the prose that explains them
/// (README.md's "Paper reproductions", each paper's "The experiments"). They are written here
/// once; change them here.
///
/// - A verdict is one of ``Verdict``'s three words, followed by what decided it when that is not
///   exact counts ("held on instructions"), the other quantity's verdict when the claim was also
///   decided on one ("held on instructions, not on time"), and the cases that went against it
///   ("did not hold on random DAG").
/// - An interval is the interval of a median over repeated rounds, between two order statistics
///   chosen so that it holds the true median with probability at least ``coverage``; it is called
///   a "95 % interval". Fewer rounds than ``minimumRounds`` cannot reach that coverage: such an
///   estimate is shown with its range and actual coverage, and its measure is inconclusive.
public enum Vocabulary {
    /// The coverage every interval must reach to decide a measured verdict.
    public static let coverage = 0.95

    /// What an interval of ``coverage`` is called: "95 % interval".
    public static let intervalName = "\(NumberFormat.fixed(100 * coverage, decimals: 0)) % interval"

    /// The fewest rounds whose median interval reaches ``coverage`` (6).
    public static let minimumRounds: Int = (1...).first { rounds in
        hasCoverage(MedianEstimate((0 ..< rounds).map(Double.init)))
    }!

    /// Whether `estimate`'s interval reaches ``coverage``.
    public static func hasCoverage(_ estimate: MedianEstimate) -> Bool {
        estimate.coverage >= coverage
    }

    /// "1.26 (95 % interval 1.10–1.40, 21 rounds)"; with too few rounds, "181 (range 181–181 of 3
    /// rounds: 75 % coverage, below 95 %)".
    public static func describe(_ estimate: MedianEstimate, decimals: Int) -> String {
        let value = NumberFormat.fixed(estimate.median, decimals: decimals)
        let interval = estimate.interval(decimals: decimals)
        let rounds = switch estimate.count {
        case 1?: "1 round"
        case let count?: "\(count) rounds"
        case nil: "an unknown number of rounds"
        }
        guard hasCoverage(estimate) else {
            return "\(value) (range \(interval) of \(rounds): \(NumberFormat.fixed(100 * estimate.coverage, decimals: 0)) % coverage, "
                + "below \(NumberFormat.fixed(100 * coverage, decimals: 0)) %)"
        }
        return "\(value) (\(intervalName) \(interval), \(rounds))"
    }

    /// How verdicts are reached, stated above every table of claims.
    public static let rule = "An **exact** claim is decided on counts or values that are the same on every run (evaluations, "
        + "marks, values, virtual-clock times, instructions counted by callgrind); a **measured** claim on the median of "
        + "repeated, interleaved rounds (time, resident memory) and its \(intervalName) (order statistics holding the true "
        + "median with probability at least \(NumberFormat.fixed(100 * coverage, decimals: 0)) %, which takes at least "
        + "\(minimumRounds) rounds). A claim **held** when its count, or its whole interval, is where the claim expects it; "
        + "**did not hold** when it is not (for an interval: none of it is); is **inconclusive** when the interval straddles "
        + "the threshold or has too few rounds. A claim decided on instructions is also timed, and a timed one counted "
        + "where valgrind is installed: the verdict names both (\"held on instructions, not on time\") but is decided on the "
        + "first alone; the second disagrees only when its interval lies wholly beyond the threshold's margin on the other "
        + "side, and is inconclusive otherwise, so that a noisy timing cannot turn an agreement into a disagreement. Cases "
        + "(shapes, sizes) that go against the verdict on its deciding quantity are named in it, those against it on the "
        + "other quantity in its figures. Claims whose quantities or cases disagree are counted apart in the summary of "
        + "verdicts. Only **gated** exact claims fail the run."
}

/// The verdicts of a list of claims, counted: claims whose quantities or cases disagree are
/// counted apart from the others, whatever their verdict.
public struct VerdictSummary: Sendable, Equatable {
    public var held = 0
    public var didNotHold = 0
    public var inconclusive = 0
    /// The verdicts of the claims counted apart (``Claim/isMixed``).
    public var mixed: [String] = []

    public init(_ claims: [Claim]) {
        for claim in claims {
            if claim.isMixed {
                mixed.append("\(claim.statement) (\(claim.verdictDescription))")
                continue
            }
            switch claim.verdict {
            case .held: held += 1
            case .didNotHold: didNotHold += 1
            case .inconclusive: inconclusive += 1
            }
        }
    }

    /// "5 held, 1 did not hold, 0 inconclusive; counted apart, 1 whose quantities or cases
    /// disagree: Mark-sweep beats topological. (held on instructions, not on time)".
    public var description: String {
        var text = "\(held) held, \(didNotHold) did not hold, \(inconclusive) inconclusive"
        if !mixed.isEmpty {
            text += "; counted apart, \(mixed.count) whose quantities or cases disagree: " + mixed.joined(separator: "; ")
        }
        return text
    }
}
