import Constraints
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A memory workload: bytes per node of a long chain, measured as resident-set growth.
struct MemoryWorkload {
    let name: String
    let summary: String
    /// Rules in the chain (the input is not counted).
    let nodeCount: Int
    let recordsNodeStatistics: Bool
    /// The target in bytes per node, if there is one.
    let targetBytesPerNode: Double?

    /// Every memory workload, in report order.
    static var all: [MemoryWorkload] {
        [
            MemoryWorkload(
                name: "memory",
                summary: "bytes per node of a 1,000,000-rule chain (resident-set growth / nodes)",
                nodeCount: 1_000_000, recordsNodeStatistics: false, targetBytesPerNode: 160
            ),
            MemoryWorkload(
                name: "memory-node-statistics",
                summary: "the same with Graph(recordsNodeStatistics: true)",
                nodeCount: 1_000_000, recordsNodeStatistics: true, targetBytesPerNode: nil
            ),
        ]
    }

    /// Builds the chain, evaluating each rule as it is created and keeping only the input and tail
    /// handles, and returns the growth of the resident set divided by the number of rules.
    ///
    /// Returns `nil` when the tail's value is wrong.
    func bytesPerNode() -> Double? {
        releaseFreedMemory()
        let before = residentBytes()
        let graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
        let input = graph.input(0, name: "input")
        var tail = graph.rule { input.value + 1 }
        blackHole(tail.value)
        for _ in 1 ..< nodeCount {
            let previous = tail
            tail = graph.rule { previous.value + 1 }
            blackHole(tail.value)
        }
        let after = residentBytes()
        let correct = tail.value == nodeCount
        withExtendedLifetime((graph, input, tail)) {}
        return correct ? Double(after - before) / Double(nodeCount) : nil
    }
}

/// Asks the allocator to return freed memory to the system (glibc's `malloc_trim`, which the
/// Swift `Glibc` module does not export), so that a measurement does not reuse the memory of an
/// earlier one without it showing in the resident set.
func releaseFreedMemory() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
}

/// The resident set size of this process, in bytes (Linux: `/proc/self/statm`, in pages).
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = fread(&buffer, 1, buffer.count, file)
    // Fields: total program size, resident set size, …
    let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let residentPages = Int(fields[1]) else { return 0 }
    return residentPages * sysconf(Int32(_SC_PAGESIZE))
}
