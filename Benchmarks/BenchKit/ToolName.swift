import Foundation

/// The name of the running tool, as its messages, its help and the commands written into its
/// reports give it: the file name it was started as, so that a researcher's tool built on
/// ``BenchTool`` (`my-bench`) writes `swift run -c release my-bench …` where this package's writes
/// `swift run -c release bench …`.
let toolName: String = {
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "bench").lastPathComponent
    return name.isEmpty ? "bench" : name
}()
