#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes lines straight to a file descriptor, with no buffer in between: each line is out as soon
/// as it is written, even when the output goes to a file or a pipe (where the C library's `stdout`
/// would hold it until the process ends). `reproduce` prints each paper's verdicts through one as
/// it finishes the paper.
struct LineWriter: Sendable {
    let fileDescriptor: Int32

    static let standardOutput = LineWriter(fileDescriptor: 1)
    static let standardError = LineWriter(fileDescriptor: 2)

    /// Writes `line` and a newline; a write that fails (a closed pipe) is dropped.
    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fileDescriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(fileDescriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
