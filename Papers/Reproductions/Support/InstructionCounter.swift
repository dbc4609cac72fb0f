import Callgrind
import Foundation

/// Counts the instructions of an operation by running the tool under valgrind's callgrind.
///
/// A claim that one evaluator does less work than another is decided on these counts when
/// valgrind is installed: they are the same at every run of the same build, where timings on a
/// shared machine move enough from run to run to flip a verdict near its threshold. The count of an
/// operation is the difference between two runs of `reproduce --count NAME N` (the operation's
/// state built, then N calls) with N and 2N calls, divided by N: building the state and starting
/// the process cancel out.
struct InstructionCounter: Sendable {
    /// The executable to run under callgrind: this process's own, whose `main` passes its
    /// arguments to ``ReproduceTool/main(arguments:)`` and so understands `--count`.
    let executable: String

    /// Why a run cannot count instructions.
    enum Unavailable: Error, CustomStringConvertible {
        case noValgrind
        case noExecutable

        var description: String {
            switch self {
            case .noValgrind: "valgrind and callgrind_annotate are not on PATH (Debian package valgrind)"
            case .noExecutable: "this process's executable cannot be found (/proc/self/exe)"
            }
        }
    }

    /// A counter for this process.
    static func forThisProcess() -> Result<InstructionCounter, Unavailable> {
        guard let callgrind = try? Callgrind(tool: "reproduce") else { return .failure(.noValgrind) }
        callgrind.removeScratch()
        guard let executable = try? Callgrind.currentExecutable() else { return .failure(.noExecutable) }
        return .success(InstructionCounter(executable: executable))
    }

    /// The instructions per call of the counted operation `name` (one of ``CountedOperations``),
    /// from runs of `calls` and 2 × `calls` calls. Fails unless both runs say they ran the
    /// operation: an executable whose `main` does not pass `--count` on to the tool would
    /// otherwise be counted doing nothing.
    func instructionsPerCall(of name: String, calls: Int) throws -> Double {
        precondition(CountedOperations.all[name] != nil, "no counted operation named \(name)")
        let callgrind = try Callgrind(tool: "reproduce")
        defer { callgrind.removeScratch() }
        let counted = try callgrind.perCall(executable, calls: calls) { ["--count", name, "\($0)"] }
        for (output, expected) in [(counted.outputs.once, calls), (counted.outputs.twice, 2 * calls)]
        where output != CountedOperations.report(name, calls: expected) {
            throw CallgrindError("\(executable) --count \(name) \(expected) did not run the operation (its main must pass its arguments to ReproduceTool.main unchanged)")
        }
        return counted.instructions
    }
}

/// The operations `reproduce --count NAME N` can run, by name: each builds its state, and the
/// function it returns is then called with 0, 1, … N - 1. They are the operations the experiments
/// time, built by the same code, so that a count and a timing measure the same work. A name starts
/// with the name of the paper whose experiment counts it.
enum CountedOperations {
    static let all: [String: @Sendable () -> (Int) -> Void] = MarkSweepVersusTopological.countedOperations
        .merging(EagerVersusLazy.countedOperations) { first, _ in first }
        .merging(Scaling.countedOperations) { first, _ in first }

    /// Whether an experiment of `paper` counts instructions.
    static func areCounted(in paper: Paper) -> Bool {
        all.keys.contains { $0.hasPrefix(paper.name + ".") }
    }

    /// What `--count` prints after running `calls` calls of `name`, which the counter checks.
    static func report(_ name: String, calls: Int) -> String {
        "counted \(calls) calls of \(name)\n"
    }

    /// Runs `calls` calls of the operation `name` (which must exist) and prints ``report(_:calls:)``.
    static func run(_ name: String, calls: Int) {
        let operation = all[name]!()
        for call in 0 ..< calls { operation(call) }
        print(report(name, calls: calls), terminator: "")
    }
}
