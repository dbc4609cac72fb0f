import Views

extension DisplayList {
    /// A text drawn by a display list: where, how large and in which color.
    struct DrawnText: Equatable {
        var frame: Rect
        var font: Font
        var color: RGBA
    }

    /// The first text item showing `string`, searching groups depth first.
    func text(_ string: String) -> DrawnText? {
        func find(_ items: [Item]) -> DrawnText? {
            for item in items {
                switch item {
                case .text(let frame, let text, let font, let color) where text == string:
                    return DrawnText(frame: frame, font: font, color: color)
                case .group(_, _, let children):
                    if let found = find(children) { return found }
                default:
                    continue
                }
            }
            return nil
        }
        return find(items)
    }
}
