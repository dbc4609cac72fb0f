import ArgumentParsing
import Callgrind
import Foundation
import Reporting

// `engine-bench reactivity`: times js-reactivity-benchmark's sbench and kairo suites (see
// `Reactivity.swift`) as the published harness does, the fastest of 10 runs of each test, each
// checked.

/// The tests named by the `--suite` and `--test` options (all when none is given).
private func selectedTests(_ parsed: ParsedArguments) -> [ReactivityTest] {
    let suites = parsed.strings("--suite"), names = parsed.strings("--test")
    return ReactivityTest.all.filter {
        (suites.isEmpty || suites.contains($0.suite)) && (names.isEmpty || names.contains($0.fullName))
    }
}

/// `engine-bench reactivity [--suite NAME]... [--test SUITE/NAME]...`.
func reactivityCommand(_ parsed: ParsedArguments) -> Never {
    let tests = selectedTests(parsed)
    var table = Table(title: "js-reactivity-benchmark on the engine (fastest of 10 runs)", columns: [
        Column("test"), Column("operation"), Column("ms", alignment: .right, decimals: 2),
        Column("ns per operation", alignment: .right, decimals: 1),
    ])
    for test in tests {
        printError("running \(test.fullName)…")
        var fastest = Double.infinity
        for run in 0 ..< 11 {
            var nanoseconds: UInt64 = 0
            let failure = test.runOnce(on: ReactiveAdapter(), nanoseconds: &nanoseconds)
            let elapsed = Double(nanoseconds)
            if let failure {
                printError("engine-bench: verification failed: \(test.fullName): \(failure)")
                exit(1)
            }
            // The first run warms up, untimed.
            if run > 0 { fastest = min(fastest, elapsed) }
        }
        table.append([.text(test.fullName), .text(test.operation), .number(fastest / 1e6), .number(fastest / Double(test.operations))])
    }
    print(table.markdown())
    exit(0)
}

/// `engine-bench steps SUITE/NAME N` for a reactivity test: runs it N times, checked; returns
/// whether `name` named one.
func reactivitySteps(_ name: String, count: Int) -> Bool {
    guard let test = ReactivityTest.all.first(where: { $0.fullName == name }) else { return false }
    for _ in 0 ..< count {
        var nanoseconds: UInt64 = 0
        if let failure = test.runOnce(on: ReactiveAdapter(), nanoseconds: &nanoseconds) {
            printError("engine-bench: verification failed: \(test.fullName): \(failure)")
            exit(1)
        }
    }
    print("operations \(count * test.operations) result 0")
    return true
}

/// One reactivity test's count.
struct ReactivityCount {
    let test: String
    let operation: String
    let perOperation: Double
    /// ``perOperation`` by where it ran, when asked for (see `Breakdown.swift`).
    let bySource: [InstructionsBySource.Source: Double]
}

/// Counts `test` under callgrind: one `steps` run, counting only inside its timed part
/// (``measuredSection(_:)``), divided by its operations; and where they ran if `bySource`.
func countReactivity(_ test: ReactivityTest, bySource: Bool = false, with callgrind: Callgrind, executable: String) throws -> ReactivityCount {
    printError("callgrind: \(test.fullName)")
    let counted = try callgrind.count(executable, ["steps", test.fullName, "1"], collectingOnlyIn: measuredSectionPattern, bySource: bySource)
    guard counted.output.hasPrefix("operations ") else {
        throw CallgrindError("engine-bench steps printed '\(counted.output)', not its operations")
    }
    return ReactivityCount(test: test.fullName, operation: test.operation, perOperation: counted.total / Double(test.operations),
                           bySource: (counted.bySource?.instructions ?? [:]).mapValues { $0 / Double(test.operations) })
}

/// The table of reactivity counts.
func reactivityTable(_ counts: [ReactivityCount]) -> Table {
    var table = Table(title: "Instructions per operation of js-reactivity-benchmark's sbench and kairo (callgrind)", columns: [
        Column("test"), Column("operation"), Column("instructions", alignment: .right),
    ])
    for count in counts {
        table.append([.text(count.test), .text(count.operation), .integer(Int(count.perOperation.rounded()))])
    }
    return table
}
