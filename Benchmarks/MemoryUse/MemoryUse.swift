import Foundation

/// Gives the pages that freed memory holds back to the system (glibc's `malloc_trim(0)`, looked up at
/// run time since Swift's Glibc module does not include `malloc.h`), so that each measured step
/// starts from the same state: faulting its pages in rather than reusing resident ones.
public func returnFreedMemory() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
}

/// The resident set size of this process in bytes (Linux: `/proc/self/statm`, in pages); 0 where
/// unknown.
public func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    // Fields: total program size, resident set size, …
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs this tool again in a new process with `arguments` and returns what it printed, so that a
/// memory measurement starts in a process that no earlier measurement left freed memory in (memory
/// that the allocator keeps resident, or that the engine keeps for later graphs, would be reused
/// without the resident set growing). Stops this process, with a message naming `tool`, when the
/// new one cannot start or fails; a failure's own message is on standard error already.
public func outputOfOwnProcess(_ arguments: [String], tool: String) -> String {
    func stop(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("\(tool): \(message)\n".utf8))
        exit(status)
    }
    let child = Process()
    guard let executable = Bundle.main.executableURL else { stop("cannot find its own executable to run '\(arguments.joined(separator: " "))'") }
    child.executableURL = executable
    child.arguments = arguments
    let output = Pipe()
    child.standardOutput = output
    do {
        try child.run()
    } catch {
        stop("could not start a process for '\(arguments.joined(separator: " "))': \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    if child.terminationReason == .uncaughtSignal {
        stop("the process for '\(arguments.joined(separator: " "))' stopped on signal \(child.terminationStatus)")
    }
    if child.terminationStatus != 0 { exit(child.terminationStatus) }
    return String(decoding: data, as: UTF8.self)
}
