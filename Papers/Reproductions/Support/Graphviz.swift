import Foundation

/// Renders Graphviz DOT to SVG with the `dot` program, when it is installed.
struct Graphviz {
    /// The `dot` executable.
    let executable: URL

    /// The `dot` found on `PATH`, or `nil` when there is none (the drawings are then written as
    /// DOT only).
    static func find() -> Graphviz? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return Graphviz(executable: candidate) }
        }
        return nil
    }

    /// `dot` rendered as an SVG document, or `nil` when `dot` fails.
    func svg(_ dot: String) -> String? {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Write from another thread: a large drawing would otherwise fill both pipes and deadlock.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(dot.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
