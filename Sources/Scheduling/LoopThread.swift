/// A serial thread of a frame loop: the main thread or a background thread. Jobs posted to it run
/// one at a time, in the order they were posted.
///
/// Under the real-time clock it is a real thread running a job loop; under the virtual clock a
/// simulated one, whose jobs run when their virtual time comes.
public protocol LoopThread: Sendable {
    /// The role ``ThreadRole/current`` reports while the thread's jobs run.
    var role: ThreadRole { get }

    /// Runs `job` on this thread after the jobs already posted.
    func post(_ job: @escaping @Sendable () -> Void)
}
