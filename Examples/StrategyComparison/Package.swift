// swift-tools-version: 6.0
// A researcher's own package: it depends on this repository by path and runs the project's
// strategy comparison (`bench`) with one strategy and one workload of its own added.
import PackageDescription

let package = Package(
    name: "StrategyComparison",
    dependencies: [
        .package(name: "Constraints", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "my-bench",
            dependencies: [
                .product(name: "BenchKit", package: "Constraints"),
                .product(name: "ExtraStrategies", package: "Constraints"),
                .product(name: "Scheduling", package: "Constraints"),
                .product(name: "Views", package: "Constraints"),
                .product(name: "Workloads", package: "Constraints"),
            ]
        ),
    ]
)
