import Foundation

/// Locale-independent number formatting, so that the same data always gives the same bytes.
public enum NumberFormat {
    /// `value` with exactly `decimals` digits after the point (`"1234.50"`), never `"-0.00"`.
    /// Non-finite values are written `"nan"`, `"inf"` and `"-inf"`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let text = String(format: "%.\(max(0, decimals))f", value)
        if text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// `value` in at most three significant digits with an SI suffix, for axis ticks:
    /// `0.05`, `2.5`, `100`, `1k`, `2.5M`, `1G`.
    public static func compact(_ value: Double) -> String {
        guard value.isFinite else { return fixed(value, decimals: 0) }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        let (scaled, suffix): (Double, String) =
            magnitude >= 1e9 ? (value / 1e9, "G")
            : magnitude >= 1e6 ? (value / 1e6, "M")
            : magnitude >= 1e3 ? (value / 1e3, "k")
            : (value, "")
        let exponent = Int(floor(log10(abs(scaled))))
        let decimals = min(6, max(0, 2 - exponent))
        return trimmed(fixed(scaled, decimals: decimals)) + suffix
    }

    /// `count`, grouped, and `noun` in the singular for 1 and the plural otherwise: "1 frame",
    /// "0 frames", "1,200 frames". The plural adds an s unless `plural` is given ("1 family",
    /// "2 families").
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        grouped(count) + " " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// An integer with thin grouping of thousands by commas: `1,000,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Drops trailing zeros after the decimal point, and the point itself if nothing follows it.
    static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = Substring(text)
        while result.last == "0" { result = result.dropLast() }
        if result.last == "." { result = result.dropLast() }
        return String(result)
    }
}
