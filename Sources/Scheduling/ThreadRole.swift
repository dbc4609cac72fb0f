import Foundation

/// Which of the frame loop's threads code is running on: the emulated main thread, the
/// display-link (render) thread, a named background thread, or `other` (any thread the loop does
/// not own, such as a test's).
///
/// Under the virtual clock every job runs on the thread that called ``FrameLoop/run(frames:events:)``,
/// and ``current`` reports the simulated thread instead, so assertions about threads hold under
/// both clocks.
public struct ThreadRole: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The name, as written in JSON results.
    public let rawValue: String

    /// A role named `rawValue`; background threads use their name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The emulated main thread: event handlers, state changes, main-thread renders.
    public static let main = ThreadRole(rawValue: "main")
    /// The display-link thread, on which ticks arrive and asynchronous renders run.
    public static let render = ThreadRole(rawValue: "render")
    /// A thread the frame loop does not own.
    public static let other = ThreadRole(rawValue: "other")

    /// The name.
    public var description: String { rawValue }

    /// The role of the calling thread.
    public static var current: ThreadRole {
        guard let pointer = pthread_getspecific(roleKey) else { return .other }
        return Unmanaged<RoleToken>.fromOpaque(pointer).takeUnretainedValue().role
    }
}

/// A role in a form that can be installed as the calling thread's role. Its owner keeps it alive
/// while any thread may have it installed.
final class RoleToken: Sendable {
    let role: ThreadRole

    init(_ role: ThreadRole) { self.role = role }

    /// Makes this the calling thread's role and returns the previous one, for ``restore(_:)``.
    func install() -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(roleKey)
        pthread_setspecific(roleKey, Unmanaged.passUnretained(self).toOpaque())
        return previous
    }

    /// The calling thread's installed role, for ``restore(_:)``.
    static var current: UnsafeMutableRawPointer? { pthread_getspecific(roleKey) }

    /// Reinstalls a role returned by ``install()`` or ``current``.
    static func restore(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(roleKey, previous)
    }
}

/// The thread-specific slot holding the calling thread's ``RoleToken``.
private let roleKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
