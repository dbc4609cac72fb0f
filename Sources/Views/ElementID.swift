/// Identity of an element of a view list: the path of tuple positions, `ForEach` ids and branch
/// tags that leads to it.
///
/// Paths share their prefixes (each component points to its parent), so extending a path is O(1)
/// however deep the view tree, and comparing an id with itself is a pointer comparison.
public struct ElementID: Hashable, @unchecked Sendable, CustomStringConvertible {
    private final class Component {
        let parent: Component?
        let value: AnyHashable
        let depth: Int
        let hash: Int

        init(parent: Component?, value: AnyHashable) {
            self.parent = parent
            self.value = value
            depth = (parent?.depth ?? 0) + 1
            var hasher = Hasher()
            hasher.combine(parent?.hash ?? 0)
            hasher.combine(value)
            hash = hasher.finalize()
        }
    }

    private let last: Component?

    /// The id of a container's content: the empty path.
    static let root = ElementID(last: nil)

    private init(last: Component?) { self.last = last }

    func appending(_ component: AnyHashable) -> ElementID {
        ElementID(last: Component(parent: last, value: component))
    }

    public static func == (lhs: ElementID, rhs: ElementID) -> Bool {
        var left = lhs.last, right = rhs.last
        while let l = left, let r = right {
            if l === r { return true }
            if l.hash != r.hash || l.depth != r.depth || l.value != r.value { return false }
            left = l.parent
            right = r.parent
        }
        return left == nil && right == nil
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(last?.hash ?? 0)
    }

    public var description: String {
        var components: [String] = []
        var current = last
        while let component = current {
            components.append("\(component.value.base)")
            current = component.parent
        }
        return components.reversed().joined(separator: "/")
    }
}
