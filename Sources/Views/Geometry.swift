import Foundation

/// A point in the host's coordinate space (origin top-left, y down).
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    /// The sum of two points, coordinate by coordinate.
    static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// The difference of two points, coordinate by coordinate.
    static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

/// A width and a height.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: an origin and a size.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(origin: .zero, size: .zero)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public var description: String {
        "(\(Format.number(origin.x)), \(Format.number(origin.y)), \(Format.number(size.width)), \(Format.number(size.height)))"
    }
}

/// Insets on the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }
}

/// A size proposed by a parent to a child during layout; `nil` asks for the child's ideal size.
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    /// Ask for the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)
}

/// A layout axis.
public enum Axis: Hashable, Sendable, Codable {
    case horizontal, vertical
}

/// How a child is placed within a larger rectangle, on each axis.
public struct Alignment: Hashable, Sendable, Codable {
    /// 0 leading/top, 0.5 center, 1 trailing/bottom.
    public var horizontal: Double
    public var vertical: Double
    public init(horizontal: Double, vertical: Double) { self.horizontal = horizontal; self.vertical = vertical }

    public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
    public static let leading = Alignment(horizontal: 0, vertical: 0.5)
    public static let trailing = Alignment(horizontal: 1, vertical: 0.5)
    public static let top = Alignment(horizontal: 0.5, vertical: 0)
    public static let bottom = Alignment(horizontal: 0.5, vertical: 1)
    public static let topLeading = Alignment(horizontal: 0, vertical: 0)

    /// Places a child of `size` inside `rect`.
    func place(_ size: Size, in rect: Rect) -> Rect {
        Rect(
            x: rect.minX + (rect.width - size.width) * horizontal,
            y: rect.minY + (rect.height - size.height) * vertical,
            width: size.width, height: size.height
        )
    }
}

/// Number formatting shared by printed trees and SVG, so that output is byte-for-byte stable.
enum Format {
    /// At most two decimals, no trailing zeros, no negative zero: `12`, `12.5`, `0.33`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded == 0 ? 0 : rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
