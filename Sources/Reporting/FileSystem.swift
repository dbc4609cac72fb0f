import Foundation

/// Why a file or directory could not be read, written or made: the path and the reason in words
/// ("'out' is a file, not a directory", "permission denied", "no such directory '/tmp/x'"), never a
/// system error's own text alone.
public struct FileError: Error, Equatable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable {
        case read
        case write
        case createDirectory = "create the directory"
    }

    /// What was being done to ``path``.
    public let operation: Operation
    /// The path as given.
    public let path: String
    /// Why it failed, in a few words.
    public let reason: String

    /// An error of `operation` on `path`, for `reason`.
    public init(_ operation: Operation, _ path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// "cannot write 'out/results.json': it exists as a directory".
    public var description: String { "cannot \(operation.rawValue) '\(path)': \(reason)" }
}

/// Reading, writing and making files and directories with errors that name the path and the
/// reason (``FileError``). Writes are atomic: the text goes to a temporary file in the same
/// directory, which is then renamed over the target, so that a reader (or an interrupted run)
/// never sees half a file.
public enum FileSystem {
    /// Writes `text` as UTF-8 to `path`, replacing the file atomically.
    ///
    /// - Throws: ``FileError`` naming `path` and the reason: it exists as a directory, a directory
    ///   on the way does not exist or is a file, permission denied, …
    public static func write(_ text: String, to path: String) throws(FileError) {
        if kind(of: path) == .directory { throw FileError(.write, path, reason: "it exists as a directory") }
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent().path
        var template = Array((directory + "/." + target.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(.write, path, errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var code: Int32 = 0
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count && code == 0 {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { if errno != EINTR { code = errno } } else { written += count }
        }
        if code == 0 && fchmod(descriptor, 0o644) != 0 { code = errno }
        if code == 0 && fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0 && code == 0 { code = errno }
        if code == 0 && rename(temporary, path) != 0 { code = errno }
        if code != 0 {
            unlink(temporary)
            throw failure(.write, path, errno: code)
        }
    }

    /// Makes the directory at `path` and any missing directory above it; nothing happens if it
    /// exists.
    ///
    /// - Throws: ``FileError`` naming `path` and the reason: it (or a directory above it) exists as
    ///   a file, permission denied, the file system takes no new entries there, …
    public static func createDirectory(_ path: String) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            switch kind(of: prefix) {
            case .directory: continue
            case .other:
                let reason = index == components.count - 1 ? "it exists as a file" : "'\(display(prefix))' is a file, not a directory"
                throw FileError(.createDirectory, path, reason: reason)
            case .missing:
                if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                    let code = errno
                    if code == ENOENT {
                        let parent = URL(fileURLWithPath: prefix).deletingLastPathComponent().path
                        throw FileError(.createDirectory, path, reason: "'\(parent)' takes no new directories (\(systemText(code)))")
                    }
                    throw failure(.createDirectory, path, errno: code)
                }
            }
        }
    }

    /// The contents of the file at `path`.
    ///
    /// - Throws: ``FileError`` naming `path` and the reason: no such file, it is a directory,
    ///   permission denied, …
    public static func read(_ path: String) throws(FileError) -> Data {
        if kind(of: path) == .directory { throw FileError(.read, path, reason: "it is a directory, not a file") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(.read, path, errno: errno) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.read, path, errno: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Checks, without writing anything, that files can be made in the directory at `path`.
    ///
    /// - Throws: ``FileError`` (operation ``FileError/Operation/write``) when it does not exist, is
    ///   not a directory, or is not writable.
    public static func checkWritableDirectory(_ path: String) throws(FileError) {
        switch kind(of: path) {
        case .missing: throw FileError(.write, path, reason: "no such directory")
        case .other: throw FileError(.write, path, reason: "it is a file, not a directory")
        case .directory:
            if access(path, W_OK | X_OK) != 0 { throw FileError(.write, path, reason: "permission denied") }
        }
    }

    /// Checks, without writing anything, that a file can be written at `path`: it is not a
    /// directory, and its directory exists and is writable. (A file system that refuses the file
    /// anyway, such as `/proc`, is reported when it is written.)
    ///
    /// - Throws: ``FileError`` (operation ``FileError/Operation/write``) naming `path` and the reason.
    public static func checkWritableFile(_ path: String) throws(FileError) {
        if kind(of: path) == .directory { throw FileError(.write, path, reason: "it exists as a directory") }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        switch kind(of: directory) {
        case .directory:
            if access(directory, W_OK | X_OK) != 0 { throw FileError(.write, path, reason: "permission denied in '\(directory)'") }
        case .missing, .other:
            throw failure(.write, path, errno: ENOENT)
        }
    }

    /// What is at a path.
    public enum Kind: Sendable {
        /// Nothing.
        case missing
        case directory
        /// A file (or anything but a directory).
        case other
    }

    /// What is at `path` (following symbolic links).
    public static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .other
    }

    /// The error of `operation` on `path` that failed with `code`, its reason in words: for a
    /// missing or non-directory step of the path, which directory on the way is missing or a file.
    static func failure(_ operation: FileError.Operation, _ path: String, errno code: Int32) -> FileError {
        switch code {
        case EISDIR:
            return FileError(operation, path, reason: "it exists as a directory")
        case EACCES, EPERM:
            return FileError(operation, path, reason: "permission denied")
        case ENOENT, ENOTDIR:
            // Walk down the path to the first step that is missing or not a directory.
            let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            var prefix = ""
            for (index, component) in components.enumerated().dropLast() {
                prefix = index == 0 ? component : (prefix == "/" ? "/" : prefix + "/") + component
                switch kind(of: prefix) {
                case .directory: continue
                case .missing: return FileError(operation, path, reason: "no such directory '\(prefix)'")
                case .other: return FileError(operation, path, reason: "'\(prefix)' is a file, not a directory")
                }
            }
            return FileError(operation, path, reason: operation == .read ? "no such file" : systemText(code))
        default:
            return FileError(operation, path, reason: systemText(code))
        }
    }

    /// The system's text for `code`, lower-cased: "read-only file system".
    static func systemText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// `path` without the `./` this type puts before relative paths.
    private static func display(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
