extension Graph {
    /// Runs `body` without recording the reads it makes as dependencies of the running closure.
    ///
    /// Values read inside are still brought up to date. Use it for reads that configure rather than
    /// compute: a view layer building nodes inside a rule (a `ForEach` item, an `if` branch) reads
    /// values once to decide what to build, and the enclosing rule must not come to depend on them.
    /// Closures that run because of such a read record their own reads as usual.
    public func withoutRecordingReads<Result>(_ body: () throws -> Result) rethrows -> Result {
        recorder.untrackedDepth += 1
        recorder.isRecording = false
        defer {
            recorder.untrackedDepth -= 1
            recorder.isRecording = recorder.isRunning && recorder.untrackedDepth == 0
        }
        return try body()
    }
}
