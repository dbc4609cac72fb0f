/// Series colours: the Okabe–Ito palette, distinguishable with the common colour-vision deficiencies.
enum Palette {
    static let colors = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]

    /// The colour of the series at `index`; colours repeat after eight series.
    static func color(_ index: Int) -> String { colors[index % colors.count] }

    static let axis = "#333333"
    static let grid = "#e5e5e5"
    static let reference = "#C00000"
}
