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
