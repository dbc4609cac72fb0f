/// What to draw: the value of display-list nodes, a tree of drawing commands in host coordinates.
///
/// Leaves produce a shape or a text; containers combine their children's lists (like a preference:
/// many inputs, one value); effects (opacity, transitions) wrap a list in a group.
///
/// A list made by combining others references them instead of copying their items, as SwiftUI's
/// display lists do: combining `n` lists costs `n` references whatever their size, and the
/// combined list is flattened into ``items`` only where something draws it. Two lists are equal
/// when their flattened items are; comparing a combined list with the one it replaces costs a
/// reference comparison per unchanged child (see ``==(_:_:)``), so an unchanged child still stops a
/// change at its container.
public struct DisplayList: Hashable, Sendable {
    private var content: Content

    /// The items, back to front (flattened from the lists this one references).
    public var items: [Item] {
        get {
            var flattened: [Item] = []
            flattened.reserveCapacity(content.itemCount)
            content.appendItems(to: &flattened)
            return flattened
        }
        set { content = Content(.items(newValue)) }
    }

    public init(_ items: [Item] = []) {
        switch items.count {
        case 0: content = Content.empty
        case 1: content = Content(.item(items[0]))
        default: content = Content(.items(items))
        }
    }

    /// A list of one item (a leaf's): the same list as `DisplayList([item])`, without the array.
    public init(_ item: Item) { content = Content(.item(item)) }

    private init(content: Content) { self.content = content }

    /// One drawing command.
    public enum Item: Hashable, Sendable {
        /// A filled rectangle.
        case shape(frame: Rect, color: RGBA)
        /// A line of text; `frame` is the text's layout frame.
        case text(frame: Rect, string: String, font: Font, color: RGBA)
        /// Children drawn with an opacity and an offset.
        case group(opacity: Double, offset: Point, items: [Item])

        /// Equal when of the same kind with equal fields. The color is compared first: it is what
        /// differs when a color-scheme switch replaces a leaf's list.
        public static func == (lhs: Item, rhs: Item) -> Bool {
            switch lhs {
            case .shape(let frame, let color):
                guard case .shape(let otherFrame, let otherColor) = rhs else { return false }
                return color == otherColor && frame == otherFrame
            case .text(let frame, let string, let font, let color):
                guard case .text(let otherFrame, let otherString, let otherFont, let otherColor) = rhs else { return false }
                return color == otherColor && frame == otherFrame && font == otherFont && string == otherString
            case .group(let opacity, let offset, let items):
                guard case .group(let otherOpacity, let otherOffset, let otherItems) = rhs else { return false }
                return opacity == otherOpacity && offset == otherOffset && items == otherItems
            }
        }
    }

    /// A list of one group, or the children themselves when the group changes nothing. References
    /// `lists` rather than copying their items; a single list without an effect is returned as is.
    static func group(_ lists: [DisplayList], opacity: Double = 1, offset: Point = .zero) -> DisplayList {
        if opacity == 1 && offset == .zero {
            if lists.count == 1 { return lists[0] }
            return DisplayList(content: Content(.sequence(lists)))
        }
        return DisplayList(content: Content(.group(opacity: opacity, offset: offset, lists)))
    }

    /// Equal when the flattened items are equal. Lists of the same shape are compared child by
    /// child, a shared child by reference; lists whose children differ in item counts are
    /// flattened and compared item by item.
    public static func == (lhs: DisplayList, rhs: DisplayList) -> Bool {
        lhs.content.hasSameItems(as: rhs.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
    }

    /// Number of leaf items (shapes and texts).
    public var leafCount: Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                if case .group(_, _, let children) = item { return total + count(children) }
                return total + 1
            }
        }
        return count(items)
    }

    /// The list as an indented S-expression tree, like OpenSwiftUI's `OPENSWIFTUI_PRINT_TREE=1`.
    public var treeDescription: String {
        var lines = ["(display-list"]
        func write(_ item: Item, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            switch item {
            case .shape(let frame, let color):
                lines.append("\(indent)(shape #:frame \(frame) #:color \(color.hex) #:opacity \(Format.number(color.opacity)))")
            case .text(let frame, let string, let font, let color):
                lines.append("\(indent)(text \(quoted(string)) #:frame \(frame) #:size \(Format.number(font.size)) #:color \(color.hex))")
            case .group(let opacity, let offset, let items):
                lines.append("\(indent)(group #:opacity \(Format.number(opacity)) #:offset (\(Format.number(offset.x)), \(Format.number(offset.y)))")
                for child in items { write(child, depth: depth + 1) }
                lines[lines.count - 1] += ")"
            }
        }
        for item in items { write(item, depth: 1) }
        lines[lines.count - 1] += ")"
        return lines.joined(separator: "\n")
    }

    private func quoted(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension DisplayList {
    /// The immutable content of a list, shared by every copy of it (its identity is what a
    /// container's comparison skips over).
    fileprivate final class Content: Sendable {
        enum Shape {
            /// One item of its own (a leaf's), without an array.
            case item(Item)
            /// Items of its own (a leaf's).
            case items([Item])
            /// The items of `lists`, one after the other.
            case sequence([DisplayList])
            /// One group item holding the items of `lists`.
            case group(opacity: Double, offset: Point, [DisplayList])
        }

        let shape: Shape
        /// Number of items once flattened.
        let itemCount: Int

        static let empty = Content(.items([]))

        init(_ shape: Shape) {
            self.shape = shape
            switch shape {
            case .item: itemCount = 1
            case .items(let items): itemCount = items.count
            case .sequence(let lists): itemCount = lists.reduce(0) { $0 + $1.content.itemCount }
            case .group: itemCount = 1
            }
        }

        func appendItems(to items: inout [Item]) {
            switch shape {
            case .item(let own):
                items.append(own)
            case .items(let own):
                items.append(contentsOf: own)
            case .sequence(let lists):
                for list in lists { list.content.appendItems(to: &items) }
            case .group(let opacity, let offset, let lists):
                var inner: [Item] = []
                for list in lists { list.content.appendItems(to: &inner) }
                items.append(.group(opacity: opacity, offset: offset, items: inner))
            }
        }

        func hasSameItems(as other: Content) -> Bool {
            if self === other { return true }
            if itemCount != other.itemCount { return false }
            // One shape at a time: switching on the pair of shapes would copy both (a retain and
            // a release of every array they hold).
            switch shape {
            case .item(let left):
                if case .item(let right) = other.shape { return left == right }
            case .items(let left):
                if case .items(let right) = other.shape { return left == right }
            case .sequence(let left):
                if case .sequence(let right) = other.shape { return Self.sameItems(left, right) }
            case .group(let leftOpacity, let leftOffset, let left):
                if case .group(let rightOpacity, let rightOffset, let right) = other.shape {
                    return leftOpacity == rightOpacity && leftOffset == rightOffset && Self.sameItems(left, right)
                }
            }
            return DisplayList(content: self).items == DisplayList(content: other).items
        }

        /// Whether the items of `left`, one list after the other, are those of `right`. While the
        /// children pair up with as many items each, they are compared child by child (a shared
        /// child by reference): a child that differs then makes the whole differ. Otherwise the
        /// rest is flattened and compared item by item.
        private static func sameItems(_ left: [DisplayList], _ right: [DisplayList]) -> Bool {
            guard left.count == right.count else { return flattened(left[...]) == flattened(right[...]) }
            for index in left.indices {
                let l = left[index].content, r = right[index].content
                if l === r { continue }
                if l.itemCount != r.itemCount { return flattened(left[index...]) == flattened(right[index...]) }
                if !l.hasSameItems(as: r) { return false }
            }
            return true
        }

        private static func flattened(_ lists: ArraySlice<DisplayList>) -> [Item] {
            var items: [Item] = []
            for list in lists { list.content.appendItems(to: &items) }
            return items
        }
    }
}
