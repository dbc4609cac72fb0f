import Callgrind
import Foundation

/// Counts the instructions of an operation by running the tool under valgrind's callgrind.
///
/// A claim that one evaluator does less work than another is decided on these counts when
/// valgrind is installed: they are the same at every run of the same build, where timings on a
/// shared machine move enough from run to run to flip a verdict near its threshold. The count of an
/// operation is the difference between two runs of `reproduce count NAME N` (the operation's state
/// built, then N calls) with N and 2N calls, divided by N: building the state and starting the
/// process cancel out.
public struct InstructionCounter: Sendable {
    /// The executable to run under callgrind: this process's own, whose `main` is
    /// ``ReproduceTool/main(arguments:)`` and so understands `count`.
    let executable: String

    /// A counter for this process, or `nil` when valgrind and callgrind_annotate are not on `PATH`.
    static func forThisProcess() -> InstructionCounter? {
        guard let callgrind = try? Callgrind(tool: "reproduce"), let executable = try? Callgrind.currentExecutable() else { return nil }
        callgrind.removeScratch()
        return InstructionCounter(executable: executable)
    }

    /// The instructions per call of the counted operation `name` (one of ``CountedOperations``),
    /// from runs of `calls` and 2 × `calls` calls.
    func instructionsPerCall(of name: String, calls: Int) throws -> Double {
        precondition(CountedOperations.all[name] != nil, "no counted operation named \(name)")
        let callgrind = try Callgrind(tool: "reproduce")
        defer { callgrind.removeScratch() }
        let once = try callgrind.count(executable, ["count", name, "\(calls)"]).total
        let twice = try callgrind.count(executable, ["count", name, "\(2 * calls)"]).total
        return (twice - once) / Double(calls)
    }
}

/// The operations `reproduce count NAME N` can run, by name: each builds its state, and the
/// function it returns is then called with 0, 1, … N - 1. They are the operations the experiments
/// time, built by the same code, so that a count and a timing measure the same work.
enum CountedOperations {
    static let all: [String: @Sendable () -> (Int) -> Void] = MarkSweepVersusTopological.countedOperations
        .merging(EagerVersusLazy.countedOperations) { first, _ in first }

    /// Runs `calls` calls of the operation `name`; `false` when there is no such operation.
    static func run(_ name: String, calls: Int) -> Bool {
        guard let make = all[name] else { return false }
        let operation = make()
        for call in 0 ..< calls { operation(call) }
        return true
    }
}
