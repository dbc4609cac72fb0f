/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, Codable {
    case light, dark
}

/// A color with red, green, blue and opacity components in 0…1, as drawn.
public struct RGBA: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, opacity: Double
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// `#RRGGBB`, as written in SVG.
    public var hex: String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            return String(value, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}

/// A color view, and the color argument of modifiers such as `foregroundColor(_:)`.
///
/// Semantic colors (``primary``, ``background``) resolve differently in light and dark mode, so a
/// view showing them depends on the environment's color scheme but not on any body.
public struct Color: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case fixed(RGBA)
        case semantic(light: RGBA, dark: RGBA)
    }
    let storage: Storage

    /// A fixed color.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .fixed(RGBA(red: red, green: green, blue: blue, opacity: opacity))
    }

    /// A color that differs between light and dark mode.
    public init(light: RGBA, dark: RGBA) { storage = .semantic(light: light, dark: dark) }

    /// The color as drawn under `scheme`.
    public func resolve(in scheme: ColorScheme) -> RGBA {
        switch storage {
        case .fixed(let rgba): rgba
        case .semantic(let light, let dark): scheme == .light ? light : dark
        }
    }

    /// The same color with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        func scaled(_ rgba: RGBA) -> RGBA {
            RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.opacity * opacity)
        }
        switch storage {
        case .fixed(let rgba): return Color(storage: .fixed(scaled(rgba)))
        case .semantic(let light, let dark): return Color(storage: .semantic(light: scaled(light), dark: scaled(dark)))
        }
    }

    init(storage: Storage) { self.storage = storage }

    public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    public static let blue = Color(red: 0, green: 0.48, blue: 1)
    public static let orange = Color(red: 1, green: 0.58, blue: 0)
    public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    /// Text color: black in light mode, white in dark mode.
    public static let primary = Color(light: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 1, green: 1, blue: 1))
    /// Window background: white in light mode, black in dark mode.
    public static let background = Color(light: RGBA(red: 1, green: 1, blue: 1), dark: RGBA(red: 0, green: 0, blue: 0))
    /// The accent color buttons use.
    public static let accentColor = Color(light: RGBA(red: 0, green: 0.48, blue: 1), dark: RGBA(red: 0.04, green: 0.52, blue: 1))
}

/// A font: a point size. Text is measured with a deterministic monospace metric (see ``Text``).
public struct Font: Hashable, Sendable {
    /// The point size.
    public var size: Double
    public init(size: Double) { self.size = size }

    public static let body = Font(size: 17)
    public static let caption = Font(size: 12)
    public static let headline = Font(size: 17)
    public static let title = Font(size: 28)
    public static let largeTitle = Font(size: 34)
    /// A font of the given size.
    public static func system(size: Double) -> Font { Font(size: size) }
}
