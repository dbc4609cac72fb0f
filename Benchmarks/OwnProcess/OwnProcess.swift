import Foundation

/// Runs this tool again in a new process with `arguments` and returns the numbers it printed,
/// separated by white space.
///
/// A measurement made there does not depend on what ran before it in this process: memory that an
/// earlier measurement freed (kept resident by the allocator, or kept by the engine for later
/// graphs) cannot serve it unseen, and a timed run meets a heap, a code layout and a state of the
/// machine of its own, so that runs pooled from several processes show the spread between them.
///
/// Stops this process with status 1 and a message naming `tool` when the new one cannot start,
/// fails, or prints anything but finite numbers of at least 0, or none.
public func numbersPrintedByOwnProcess(_ arguments: [String], tool: String) -> [Double] {
    let command = arguments.joined(separator: " ")
    func stop(_ message: String) -> Never { stopTool(tool, message) }
    let child = Process()
    // The image that runs, even if its file was replaced since (a rebuild during a long run).
    #if os(Linux)
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    #else
    guard let executable = Bundle.main.executableURL else { stop("cannot find its own executable to run '\(command)'") }
    child.executableURL = executable
    #endif
    child.arguments = arguments
    let output = Pipe()
    child.standardOutput = output
    do {
        try child.run()
    } catch {
        stop("could not start a process for '\(command)': \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    if child.terminationReason == .uncaughtSignal {
        stop("the process for '\(command)' stopped on signal \(child.terminationStatus)")
    }
    if child.terminationStatus != 0 { stop("the process for '\(command)' exited with status \(child.terminationStatus)") }
    let printed = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let numbers = printed.split(whereSeparator: \.isWhitespace).map { Double($0) }
    guard !numbers.isEmpty, numbers.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else {
        stop("the process for '\(command)' printed '\(printed.prefix(80))', not a measurement")
    }
    return numbers.map { $0! }
}

/// ``numbersPrintedByOwnProcess(_:tool:)`` for a process that prints `count` numbers; stops this
/// process with status 1 and a message naming `tool` when it prints another number of them.
public func numbersPrintedByOwnProcess(_ arguments: [String], tool: String, count: Int) -> [Double] {
    let numbers = numbersPrintedByOwnProcess(arguments, tool: tool)
    guard numbers.count == count else {
        stopTool(tool, "the process for '\(arguments.joined(separator: " "))' printed \(numbers.count) numbers, not \(count)")
    }
    return numbers
}

/// ``numbersPrintedByOwnProcess(_:tool:)`` for a process that prints one number; stops this process
/// with status 1 and a message naming `tool` when it prints more.
public func numberPrintedByOwnProcess(_ arguments: [String], tool: String) -> Double {
    numbersPrintedByOwnProcess(arguments, tool: tool, count: 1)[0]
}

/// Writes `tool: message` to standard error and exits with status 1.
private func stopTool(_ tool: String, _ message: String) -> Never {
    FileHandle.standardError.write(Data("\(tool): \(message)\n".utf8))
    exit(1)
}
