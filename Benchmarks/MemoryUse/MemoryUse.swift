import Foundation

/// Gives the pages that freed memory holds back to the system (glibc's `malloc_trim(0)`, looked up at
/// run time since Swift's Glibc module does not include `malloc.h`), so that each measured step
/// starts from the same state: faulting its pages in rather than reusing resident ones.
public func returnFreedMemory() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
}

/// The growth of this process's resident set while `body` runs, from a state where freed memory was
/// given back (``returnFreedMemory()``), and what `body` returned, which the caller keeps alive
/// until it no longer needs the memory counted.
public func residentGrowth<Result>(of body: () -> Result) -> (bytes: Int, result: Result) {
    returnFreedMemory()
    let before = residentBytes()
    let result = body()
    return (residentBytes() - before, result)
}

/// The resident set size of this process in bytes (Linux: `/proc/self/statm`, in pages); 0 where
/// unknown.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    // Fields: total program size, resident set size, …
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs this tool again in a new process with `arguments` and returns the number it printed: a
/// memory measurement made there starts in a process that no earlier measurement left freed memory
/// in (memory that the allocator keeps resident, or that the engine keeps for later graphs, would
/// serve it without the resident set growing). Stops this process with status 1 and a message naming
/// `tool` when the new one cannot start, fails, or prints anything but a finite number at least 0.
public func numberPrintedByOwnProcess(_ arguments: [String], tool: String) -> Double {
    let command = arguments.joined(separator: " ")
    func stop(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(tool): \(message)\n".utf8))
        exit(1)
    }
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
    guard let number = Double(printed), number.isFinite, number >= 0 else {
        stop("the process for '\(command)' printed '\(printed.prefix(80))', not a measurement")
    }
    return number
}
