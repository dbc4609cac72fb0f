#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// Deep first evaluations.
//
// Bringing an evaluated graph up to date costs no call stack (the walk has its own stack), but a
// rule's *first* run cannot be walked: its closure reads its inputs synchronously, and an input
// that never ran runs inside that read. Reading the tail of a chain of rules that never ran
// therefore nests one closure call per rule. Rather than fail at a depth the caller cannot see,
// a nested evaluation that finds the stack used past a budget continues on a new thread with a
// large stack, while the thread that started it waits; that thread can hand on again. See
// `Docs/Engine.md`, "Deep first evaluations".

extension Graph {
    /// How much of the stack of the thread that starts an evaluation the nested evaluations may
    /// use before continuing on a thread of their own: small enough for the 512 KiB stacks of
    /// secondary threads, large enough that ordinary graphs never leave their thread.
    static var callerStackBudget: UInt { 256 * 1024 }

    /// The stack size of a thread that continues a deep evaluation.
    static var continuationStackSize: Int { 16 * 1024 * 1024 }

    /// How much of a continuation thread's stack is kept free below the point where it hands on.
    /// Half of it: a thread then nests at most 8 MiB of evaluations, a few thousand rules, which
    /// also keeps each thread within the 65,536 nested calls that ThreadSanitizer can follow on one
    /// thread (its shadow stack has that many entries; a deeper thread crashes under it).
    static var continuationStackReserve: UInt { 8 * 1024 * 1024 }

    /// The evaluation of a read of `id` that must walk (``bringUpToDate(_:)``), with the stack
    /// watched: an outermost evaluation starts watching (``watchStackFromHere()``), and a nested
    /// first evaluation past the limit continues on a thread with a larger stack.
    /// Only the read of a rule that never ran (or lost an input) is watched: that is what nests
    /// one closure call per rule. `flags` are the rule's flags.
    @inline(__always)
    func bringUpToDateWatchingStack(_ id: Int32, flags: NodeFlags) {
        if !recorder.isRunning {
            watchStackFromHere()
        } else if flags.contains(.forceRun) && nestedEvaluationPassesStackLimit() {
            return continueOnLargerStack(bringingUpToDate: id)
        }
        bringUpToDate(id)
    }

    /// Starts watching the stack for an evaluation started here, outside any closure (a read, a
    /// flush, the first run of an effect): forgets the limit an earlier evaluation noted, so that
    /// the first nested first evaluation notes one from where it is
    /// (``nestedEvaluationPassesStackLimit()``), and nested evaluations may use
    /// ``callerStackBudget`` bytes below that point. Does nothing inside a closure, whose
    /// evaluation started watching already.
    ///
    /// Noting the limit here instead would allow a little less (this point lies above the first
    /// nested one by the frames of one closure run), but would cost every outermost evaluation a
    /// call and the thread's identity, where most never nest a first evaluation.
    @inline(__always)
    func watchStackFromHere() {
        guard !recorder.isRunning else { return }
        stackLimitThread = Graph.noStackLimit
    }

    /// The ``stackLimitThread`` of a graph with no stack limit noted: no thread's word
    /// (``currentThreadWord()`` is never 0).
    static var noStackLimit: UInt { 0 }

    /// Sets the stack limit `budget` bytes below `here`, on the calling thread's stack.
    private func limitStack(below here: UInt, by budget: UInt) {
        stackLimit = here &- min(here, budget)
        stackLimitThread = currentThreadWord()
    }

    /// Whether a nested first evaluation starting here has used the stack past the limit. The
    /// first one since the outermost evaluation started finds no limit noted
    /// (``watchStackFromHere()``) and notes it from here. So does one that finds a limit noted on
    /// another thread's stack: an outermost read that took a lane (`EvaluatePhase+Lanes.swift`)
    /// did not start watching, so the limit in place may be another thread's.
    @inline(never)
    func nestedEvaluationPassesStackLimit() -> Bool {
        let here = currentStackAddress()
        if stackLimitThread != currentThreadWord() { limitStack(below: here, by: Graph.callerStackBudget) }
        return here < stackLimit
    }

    /// Brings `id` up to date on a new thread with a stack of ``continuationStackSize`` bytes and
    /// waits for it. The new thread holds the update lock on behalf of this one (which waits) and sets its
    /// own stack limit; both are restored afterwards. Stops the program with a message if the
    /// thread cannot be created.
    @inline(never)
    private func continueOnLargerStack(bringingUpToDate id: Int32) {
        let (savedLimit, savedLimitThread) = (stackLimit, stackLimitThread)
        let savedDelegate = lockDelegate.load(ordering: .acquiring)
        do {
            let job = ContinuationJob { [self] in
                lockDelegate.store(currentThreadWord(), ordering: .releasing)
                limitStack(below: currentStackAddress(), by: UInt(Graph.continuationStackSize) &- Graph.continuationStackReserve)
                bringUpToDate(id)
            }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, Graph.continuationStackSize)
            let context = Unmanaged.passRetained(job).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, &attributes, { context in
                Unmanaged<ContinuationJob>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
            guard status == 0 else {
                Unmanaged<ContinuationJob>.fromOpaque(context).release()
                fatalError("Constraints: a first evaluation nested too deep for this thread's stack, and no "
                    + "thread with a larger stack could be created to continue it (pthread_create error \(status)); "
                    + "evaluate long chains as they grow")
            }
            #if canImport(Darwin)
            pthread_join(thread!, nil)
            #else
            pthread_join(thread, nil)
            #endif
        }
        lockDelegate.store(savedDelegate, ordering: .releasing)
        (stackLimit, stackLimitThread) = (savedLimit, savedLimitThread)
    }

    /// Whether this thread continues an evaluation for the thread that holds the update lock.
    var isContinuingEvaluationForLockOwner: Bool {
        let delegate = lockDelegate.load(ordering: .acquiring)
        return delegate != 0 && delegate == currentThreadWord()
    }
}

/// The work handed to a continuation thread.
private final class ContinuationJob {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// An address in the current stack frame: stacks grow down, so it falls as calls nest.
@inline(__always)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// The calling thread's identity as a word (never 0).
func currentThreadWord() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
