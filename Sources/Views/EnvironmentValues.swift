/// A key for a value stored in ``EnvironmentValues``.
public protocol EnvironmentKey {
    associatedtype Value: Equatable & Sendable
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values that flow down the view tree: color scheme, font, foreground color and user keys.
///
/// Each environment is a graph node. An environment-writing modifier (``View/font(_:)``,
/// ``View/environment(_:_:)``) makes a child node, and the views below it read the child.
/// Readers depend on one key at a time (see `EnvironmentNode`), so changing the color scheme does
/// not re-run a body that reads only the font.
public struct EnvironmentValues: Equatable, Sendable {
    /// The built-in values are stored fields, so that reading one (every text and color does) and
    /// comparing environments (every environment node's cutoff) involve no dictionary lookup, no
    /// dynamic cast and no closure call; user keys are kept by type.
    private var storedColorScheme = ColorSchemeKey.defaultValue
    private var storedFont = FontKey.defaultValue
    private var storedForegroundColor = ForegroundColorKey.defaultValue
    private var values: [ObjectIdentifier: Entry] = [:]

    private struct Entry: Equatable, @unchecked Sendable {
        let value: Any
        let isEqual: (Any) -> Bool
        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.isEqual(rhs.value) }
    }

    public init() {}

    /// The value for `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)]?.value as? Key.Value ?? Key.defaultValue }
        set {
            values[ObjectIdentifier(key)] = Entry(value: newValue, isEqual: { ($0 as? Key.Value) == newValue })
        }
    }

    /// Light or dark mode.
    public var colorScheme: ColorScheme {
        get { storedColorScheme }
        set { storedColorScheme = newValue }
    }

    /// The font of text below.
    public var font: Font {
        get { storedFont }
        set { storedFont = newValue }
    }

    /// The color of text and shapes below; `nil` means the default (``Color/primary``).
    public var foregroundColor: Color? {
        get { storedForegroundColor }
        set { storedForegroundColor = newValue }
    }
}

extension EnvironmentValues {
    /// A readable name for a key path, for node names (key-path descriptions are not readable on
    /// every platform).
    static func name(of keyPath: AnyKeyPath) -> String {
        switch keyPath {
        case \EnvironmentValues.colorScheme: "colorScheme"
        case \EnvironmentValues.font: "font"
        case \EnvironmentValues.foregroundColor: "foregroundColor"
        default: "value"
        }
    }
}

private enum ColorSchemeKey: EnvironmentKey {
    static let defaultValue = ColorScheme.light
}

private enum FontKey: EnvironmentKey {
    static let defaultValue = Font.body
}

private enum ForegroundColorKey: EnvironmentKey {
    static let defaultValue: Color? = nil
}
