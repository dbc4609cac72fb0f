import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's resident memory, for measuring what a data structure costs: the growth of the
/// resident set while it is built, divided by its size.
enum ResidentMemory {
    /// Resident bytes now, from `/proc/self/statm`, after asking the allocator to return freed
    /// memory to the system (so that memory freed by earlier experiments is not silently reused and
    /// hidden from the measurement). `nil` where `/proc` is unavailable.
    static func bytes() -> Int? {
        returnFreedMemory()
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Calls glibc's `malloc_trim(0)`, looked up at run time because the Glibc module does not
    /// export `<malloc.h>`; does nothing with another C library.
    private static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        // RTLD_DEFAULT: search the global symbol table of the process.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }
}
