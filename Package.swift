// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Constraints",
    products: [
        .library(name: "Constraints", targets: ["Constraints"]),
        .library(name: "Scheduling", targets: ["Scheduling"]),
    ],
    targets: [
        // Layer 1: the constraint engine.
        .target(name: "Constraints"),
        // Layer 2: update strategies, display link, main-thread emulation, frame metrics.
        .target(name: "Scheduling", dependencies: ["Constraints"]),

        .testTarget(name: "ConstraintsTests", dependencies: ["Constraints"]),
        .testTarget(name: "SchedulingTests", dependencies: ["Scheduling", "Constraints"]),

        .executableTarget(name: "engine-bench", dependencies: ["Constraints"], path: "Benchmarks/EngineBench"),
    ]
)
