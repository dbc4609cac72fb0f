/// A built-in key's stored field of ``EnvironmentValues``, read and written by closures made for
/// its type rather than by applying its key path.
///
/// Environment nodes read and write keys in code generic over the value's type, where applying a
/// key path walks its components through the runtime (`swift_getAtKeyPath`,
/// `swift_setAtWritableKeyPath`, with a writeback buffer and generic metadata lookups), for every
/// key a list row writes or reads through a child environment. Each built-in key has one field,
/// found once per host by ``EnvironmentValues/field(of:)``. (What it saves: `Docs/Performance.md`.)
final class EnvironmentField<Value>: Sendable {
    /// The field's value in some values.
    let read: @Sendable (EnvironmentValues) -> Value
    /// Sets the field in some values.
    let write: @Sendable (inout EnvironmentValues, Value) -> Void

    init(read: @escaping @Sendable (EnvironmentValues) -> Value, write: @escaping @Sendable (inout EnvironmentValues, Value) -> Void) {
        self.read = read
        self.write = write
    }
}

extension EnvironmentValues {
    /// The field of the built-in key `keyPath`, an ``EnvironmentField`` of the key's value type,
    /// or `nil` for another key.
    static func field(of keyPath: AnyKeyPath) -> AnyObject? {
        switch keyPath {
        case \EnvironmentValues.colorScheme: colorSchemeField
        case \EnvironmentValues.font: fontField
        case \EnvironmentValues.foregroundColor: foregroundColorField
        default: nil
        }
    }

    private static let colorSchemeField = EnvironmentField<ColorScheme>(read: { $0.colorScheme }, write: { $0.colorScheme = $1 })
    private static let fontField = EnvironmentField<Font>(read: { $0.font }, write: { $0.font = $1 })
    private static let foregroundColorField = EnvironmentField<Color?>(read: { $0.foregroundColor }, write: { $0.foregroundColor = $1 })
}
