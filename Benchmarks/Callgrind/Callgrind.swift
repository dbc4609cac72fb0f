import Foundation

/// Runs programs under valgrind's callgrind and reads their instruction counts: repeatable to a
/// few instructions from one run to the next (the process's start varies that little), where
/// wall-clock time on a shared machine is not. Shared by `engine-bench instructions`,
/// `views-bench instructions` and `reproduce`.
public struct Callgrind: Sendable {
    let valgrind: String
    let annotate: String
    /// A folder of this process's own for callgrind's output and the programs' error output;
    /// ``removeScratch()`` deletes it.
    public let scratch: URL

    /// Finds valgrind and callgrind_annotate on `PATH` and makes a scratch folder named after
    /// `tool` and this process; fails with a message naming the Debian package when either is
    /// missing.
    public init(tool: String) throws {
        guard let valgrind = Self.which("valgrind"), let annotate = Self.which("callgrind_annotate") else {
            throw CallgrindError("valgrind and callgrind_annotate must be on PATH (Debian package valgrind)")
        }
        self.valgrind = valgrind
        self.annotate = annotate
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(tool)-callgrind-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Deletes the scratch folder.
    public func removeScratch() {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// What one run under callgrind counted and printed.
    public struct Count {
        /// Instructions of the whole process.
        public let total: Double
        /// Inclusive instructions of each symbol asked for (0 where the symbol never ran).
        public let inclusive: [String: Double]
        /// The program's standard output.
        public let output: String
        /// Where the instructions ran (the counted ones only, with `collectingOnlyIn`), when asked
        /// for with `bySource`.
        public let bySource: InstructionsBySource?
    }

    /// Runs `program` with `arguments` under callgrind (with `SWIFT_DETERMINISTIC_HASHING=1`, so
    /// that hashing costs the same in every run) and returns its instructions, in all and inside
    /// each of `symbols` (mangled names).
    ///
    /// With `collectingOnlyIn`, a function name pattern (`*` matches anything), callgrind counts
    /// only the instructions executed inside calls of matching functions, and `total` is their sum.
    /// With `bySource`, it also reads where they ran from callgrind's output file.
    public func count(_ program: String, _ arguments: [String], inclusiveOf symbols: [String] = [],
                      collectingOnlyIn pattern: String? = nil, bySource: Bool = false) throws -> Count {
        let file = scratch.appendingPathComponent("callgrind.out").path
        try? FileManager.default.removeItem(atPath: file)
        let collect = pattern.map { ["--collect-atstart=no", "--toggle-collect=\($0)"] } ?? []
        let output = try Self.run(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(file)"] + collect + [program] + arguments, scratch: scratch)
        let annotated = try Self.run(annotate, ["--inclusive=yes", "--threshold=100", file], scratch: scratch)
        var total: Double?
        var inclusive = Dictionary(uniqueKeysWithValues: symbols.map { ($0, 0.0) })
        for line in annotated.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first, let count = Double(first.replacingOccurrences(of: ",", with: "")) else { continue }
            if line.hasSuffix("PROGRAM TOTALS") { total = count }
            for symbol in symbols where line.contains(":\(symbol) ") {
                inclusive[symbol] = max(inclusive[symbol]!, count)
            }
        }
        guard let total else { throw CallgrindError("callgrind_annotate printed no total for \(program) \(arguments)") }
        let sources = bySource ? try InstructionsBySource(callgrindOutput: String(contentsOfFile: file, encoding: .utf8)) : nil
        return Count(total: total, inclusive: inclusive, output: output, bySource: sources)
    }

    /// The instructions per call of work that `program` runs `calls` times when given
    /// `arguments(calls)`: the difference between runs with `calls` and 2 × `calls`, divided by
    /// `calls`, so that what the program does once (starting, building its state) cancels out.
    /// Also returns the two runs' standard output, for the caller to check that the program did the
    /// work it was asked for, and, with `bySource`, the instructions per call by source
    /// (``InstructionsBySource``), taken the same way (empty without).
    public func perCall(_ program: String, calls: Int, bySource: Bool = false, arguments: (Int) -> [String]) throws
        -> (instructions: Double, outputs: (once: String, twice: String), bySource: [InstructionsBySource.Source: Double]) {
        let once = try count(program, arguments(calls), bySource: bySource)
        let twice = try count(program, arguments(2 * calls), bySource: bySource)
        var sources = twice.bySource?.instructions ?? [:]
        for (source, instructions) in once.bySource?.instructions ?? [:] { sources[source, default: 0] -= instructions }
        return ((twice.total - once.total) / Double(calls), (once.output, twice.output), sources.mapValues { $0 / Double(calls) })
    }

    /// The standard output of `program`, its error output going to a file in `scratch`; fails
    /// naming the program and quoting the end of its error output when it exits non-zero.
    public static func run(_ program: String, _ arguments: [String], scratch: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let errors = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let tail = text.split(separator: "\n").suffix(5).joined(separator: "\n")
            throw CallgrindError("\((program as NSString).lastPathComponent) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)\(tail.isEmpty ? "" : ":\n" + tail)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The path of this process's executable, for running it again under callgrind.
    public static func currentExecutable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A failure to count: a missing tool, a program that failed, output that could not be read.
public struct CallgrindError: Error, CustomStringConvertible {
    /// What went wrong, for the user.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
