/// How many evaluations a walk may still run: asked by the evaluate phase before each evaluation
/// (``Graph/bringUpToDate(_:within:)``), so that an outermost update can stop between two
/// evaluations when a deadline passes (`Graph+Deadline.swift`).
///
/// The walk is generic over its budget: the budget of every ordinary read is
/// ``UnlimitedEvaluations``, whose answers are constants, so the specialised walk has no test at
/// all and reads cost what they cost without budgets.
protocol EvaluationBudget {
    /// Whether one more evaluation may run; asked once before each. Answering `false` ends the walk.
    mutating func allowsEvaluation() -> Bool
    /// Whether the budget answered `false`.
    var isExhausted: Bool { get }
}

/// The budget of an ordinary walk: every evaluation may run.
struct UnlimitedEvaluations: EvaluationBudget {
    @inline(__always) func allowsEvaluation() -> Bool { true }
    @inline(__always) var isExhausted: Bool { false }
}

/// A budget that allows the first evaluation, then each further one while `mayContinue` says so:
/// a slice of work makes progress however early its deadline.
struct EvaluationsWhile: EvaluationBudget {
    let mayContinue: () -> Bool
    private var hasRunOne = false
    private(set) var isExhausted = false

    init(_ mayContinue: @escaping () -> Bool) { self.mayContinue = mayContinue }

    mutating func allowsEvaluation() -> Bool {
        guard !isExhausted else { return false }
        guard hasRunOne else {
            hasRunOne = true
            return true
        }
        if mayContinue() { return true }
        isExhausted = true
        return false
    }
}
