import Reporting

extension MedianEstimate {
    /// "1.26 (97 % interval 1.10–1.40, 21 rounds)": how a claim's measure states its estimate.
    public func description(decimals: Int) -> String {
        "\(NumberFormat.fixed(median, decimals: decimals)) (\(NumberFormat.fixed(100 * coverage, decimals: 0)) % interval "
            + "\(interval(decimals: decimals)), \(count.map(String.init) ?? "?") rounds)"
    }
}
