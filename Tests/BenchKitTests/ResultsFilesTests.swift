import Foundation
import Reporting
import Scheduling
import Testing
import Workloads
@testable import BenchKit

/// What `bench --output` writes: tidy CSV files (a contract, `Docs/Results.md`), files written
/// whole, errors naming the path and the reason, and what an interrupted benchmark keeps.
@Suite struct ResultsFilesTests {
    /// The rows of a CSV file, split at commas (the test files quote nothing).
    private func rows(_ text: String) -> [[String]] {
        text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// results.csv has one row per measured value, with a numeric value; summary.csv one row per
    /// metric's median and interval.
    @Test func theCSVFilesAreTidy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [TapWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "10", "--repetitions", "2", "--strategy", "lazy",
                                      "--strategy", "eager", "--output", directory.path, "--format", "csv"]) == 0)
        let measurements = rows(try String(contentsOf: directory.appendingPathComponent("results.csv"), encoding: .utf8))
        #expect(measurements.first == ["workload", "strategy", "clock", "repetition", "metric", "value", "unit"])
        let body = measurements.dropFirst()
        #expect(body.allSatisfy { $0.count == 7 && Double($0[5]) != nil && ["1", "2"].contains($0[3]) && $0[2] == "virtual" })
        let p50 = body.filter { $0[1] == "lazy" && $0[4] == Metric.frameTimeP50.slug }
        #expect(p50.count == 2 && p50.allSatisfy { $0[6] == "ms" })
        let summary = rows(try String(contentsOf: directory.appendingPathComponent("summary.csv"), encoding: .utf8))
        #expect(summary.first == ["workload", "strategy", "clock", "metric", "median", "low", "high", "coverage", "unit"])
        #expect(summary.dropFirst().allSatisfy { $0.count == 9 && $0[4 ... 7].allSatisfy { Double($0) != nil } })
        #expect(summary.dropFirst().count == body.count / 2, "every metric measured in both repetitions")
    }

    /// counters.csv has one row per repetition of each counter a strategy keeps, and the JSON
    /// keeps each repetition's value; a strategy that counts nothing has no row.
    @Test func theStrategiesCountersAreTidyToo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = StrategyRegistry()
        try registry.register("counting") { CountingStrategy() }
        let tool = BenchTool(workloads: [TapWorkload()], registry: registry)
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "10", "--repetitions", "2", "--strategy", "lazy",
                                      "--strategy", "counting", "--output", directory.path, "--format", "csv"]) == 0)
        let counters = rows(try String(contentsOf: directory.appendingPathComponent("counters.csv"), encoding: .utf8))
        #expect(counters.first == ["workload", "strategy", "clock", "repetition", "counter", "value"])
        let body = Array(counters.dropFirst())
        #expect(body.map { $0[0 ... 4] } == [["taps", "counting", "virtual", "1", "transactions"], ["taps", "counting", "virtual", "2", "transactions"]])
        #expect(body.allSatisfy { Int($0[5]).map { $0 > 0 } == true })
        let results = try BenchResults(contentsOf: directory.appendingPathComponent("results.json").path)
        #expect(results.runs.first { $0.strategy == "counting" }?.counterSamples?["transactions"]?.count == 2)
        #expect(results.runs.first { $0.strategy == "lazy" }?.counterSamples == [:])
    }

    /// Integers are written without a decimal point; other numbers read back exactly.
    @Test func csvNumbers() {
        #expect(BenchResults.csvNumber(12) == "12")
        #expect(BenchResults.csvNumber(0.1) == "0.1")
        #expect(Double(BenchResults.csvNumber(1.0 / 3)) == 1.0 / 3)
    }

    /// A runner told to stop keeps the runs and repetitions that finished and marks the results
    /// incomplete.
    @Test func anInterruptedRunKeepsWhatFinished() throws {
        var options = RunOptions(workloads: ["taps"], strategies: ["eager", "lazy"])
        (options.clock, options.frames, options.repetitionCount) = (.virtual, 8, 3)
        var asked = 0
        let outcome = Runner(workloads: [TapWorkload()], registry: StrategyRegistry()).run(options) {
            asked += 1
            return asked > 3
        }
        #expect(outcome.interrupted && outcome.results.complete == false)
        #expect(outcome.runsStarted == 3 && outcome.runsAsked == 6)
        #expect(outcome.results.runs.map(\.strategy) == ["eager", "lazy"])
        #expect(outcome.results.runs.map(\.repetitions) == [2, 1])
    }

    /// Writes replace a file whole, leave no temporary file, and name the path and the reason when
    /// they cannot be made.
    @Test func fileErrorsNameThePathAndTheReason() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file.txt").path
        try FileSystem.write("first", to: file)
        try FileSystem.write("second", to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.txt"])

        #expect(throws: FileError(.write, file + "/x.json", reason: "'\(file)' is a file, not a directory")) {
            try FileSystem.write("{}", to: file + "/x.json")
        }
        #expect(throws: FileError(.write, directory.path, reason: "it exists as a directory")) {
            try FileSystem.write("{}", to: directory.path)
        }
        let missing = directory.appendingPathComponent("no/such/x.json").path
        #expect(throws: FileError(.write, missing, reason: "no such directory '\(directory.path)/no'")) {
            try FileSystem.write("{}", to: missing)
        }
        #expect(throws: FileError(.createDirectory, file + "/out", reason: "'\(file)' is a file, not a directory")) {
            try FileSystem.createDirectory(file + "/out")
        }
        #expect(throws: FileError(.createDirectory, file, reason: "it exists as a file")) {
            try FileSystem.createDirectory(file)
        }
        #expect(throws: FileError(.read, directory.path + "/none.json", reason: "no such file")) {
            try FileSystem.read(directory.path + "/none.json")
        }
        #expect(throws: FileError(.read, directory.path, reason: "it is a directory, not a file")) {
            try FileSystem.read(directory.path)
        }
    }

    /// The tool reports bad output paths before it runs (status 2), with the path and the reason.
    @Test func badOutputPathsAreUsageErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out/results.json"), withIntermediateDirectories: true)
        #expect(throws: UsageError.badPath("cannot create the directory '\(file.path)/out': '\(file.path)' is a file, not a directory")) {
            try OutputDirectory(creatingAt: file.path + "/out")
        }
        let results = directory.appendingPathComponent("out/results.json").path
        #expect(throws: UsageError.badPath("cannot write '\(results)': it exists as a directory")) {
            try OutputDirectory(creatingAt: directory.appendingPathComponent("out").path)
        }
        let tool = BenchTool(workloads: [TapWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--clock", "virtual", "--output", file.path + "/out"]) == 2)
        #expect(tool.main(arguments: ["compare", directory.path, directory.path]) == 2)
    }

    /// Starts the built `bench` with `arguments`, waits until its progress on standard error shows
    /// `progress`, sends it SIGINT `signals` times and waits for it to exit; returns its status and
    /// standard error.
    private func interrupt(_ arguments: [String], at progress: String, signals: Int = 1) throws -> (status: Int32, errors: String) {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
        try #require(FileManager.default.isExecutableFile(atPath: bench.path), "build the bench tool first (swift build)")
        let process = Process()
        process.executableURL = bench
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        func wait(for text: String) {
            while !seen.contains(text) {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { break }
                seen += String(decoding: data, as: UTF8.self)
            }
        }
        wait(for: progress)
        for signal in 0 ..< signals {
            // Signals sent together may merge into one: each waits until the tool saw the last.
            if signal > 0 { wait(for: "interrupt again") }
            kill(process.processIdentifier, SIGINT)
        }
        process.waitUntilExit()
        seen += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, seen)
    }

    /// SIGINT stops the built `bench` after the run in progress: it writes the runs that finished
    /// with `"complete": false` and exits with status 130.
    @Test func anInterruptedToolWritesWhatFinished() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Real-clock runs of about a quarter of a second each, six of them: long enough to
        // interrupt after the first, with progress reported line by line. Interrupted once the
        // second run has started: the first has finished.
        let (status, seen) = try interrupt(["--clock", "real", "--workload", "counter", "--strategy", "lazy", "--strategy", "eager",
                                            "--frames", "15", "--hz", "60", "--repetitions", "3", "--output", directory.path], at: "[2/6]")
        #expect(status == 130, "stderr: \(seen)")
        let data = try Data(contentsOf: directory.appendingPathComponent("results.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["complete"] as? Bool == false)
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(!runs.isEmpty && runs.count <= 2)
        let csv = try String(contentsOf: directory.appendingPathComponent("results.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("workload,strategy,clock,repetition,metric,value,unit\r\n") && csv.contains("counter,lazy,real,1,"))
        #expect(seen.contains("interrupted after"))
    }

    /// A second SIGINT quits at once, without waiting for the run in progress (ten seconds of
    /// frames) and without writing anything.
    @Test func aSecondInterruptQuitsAtOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, seen) = try interrupt(["--clock", "real", "--workload", "counter", "--strategy", "lazy", "--strategy", "eager",
                                            "--frames", "600", "--hz", "60", "--repetitions", "1", "--output", directory.path],
                                           at: "[1/2]", signals: 2)
        #expect(status == 130, "stderr: \(seen)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("results.json").path))
    }
}

/// The lazy strategy, counting the transactions it is handed (``FrameLoop/count(_:by:)``).
private final class CountingStrategy: UpdateStrategy {
    let name = "counting"
    private let lazy = LazyStrategy()
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.count("transactions")
        lazy.transactionPosted(transaction, loop: loop)
    }
    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        lazy.displayLinkFired(frame, loop: loop)
    }
}
