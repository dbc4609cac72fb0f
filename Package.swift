// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Constraints",
    products: [
        .library(name: "Constraints", targets: ["Constraints"]),
    ],
    targets: [
        .target(name: "Constraints"),
        .testTarget(name: "ConstraintsTests", dependencies: ["Constraints"]),
        .executableTarget(name: "engine-bench", dependencies: ["Constraints"], path: "Benchmarks/EngineBench"),
    ]
)
