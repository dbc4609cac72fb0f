// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Constraints",
    products: [
        .library(name: "Constraints", targets: ["Constraints"]),
        .library(name: "Scheduling", targets: ["Scheduling"]),
        .library(name: "Views", targets: ["Views"]),
        .library(name: "ExtraStrategies", targets: ["ExtraStrategies"]),
        .library(name: "Workloads", targets: ["Workloads"]),
        .library(name: "Reporting", targets: ["Reporting"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .library(name: "Reproductions", targets: ["Reproductions"]),
    ],
    targets: [
        // Layer 1: the constraint engine.
        .target(name: "Constraints"),
        // Layer 2: update strategies, display link, main-thread emulation, frame metrics.
        .target(name: "Scheduling", dependencies: ["Constraints"]),
        // Layer 3: a minimal SwiftUI-like view layer whose every part is a graph node.
        .target(name: "Views", dependencies: ["Constraints", "Scheduling"]),

        // Layer 4: strategies written only against the public scheduling protocol, the view
        // workloads every strategy is compared on, and the strategy-comparison tool.
        .target(name: "ExtraStrategies", dependencies: ["Scheduling"]),
        .target(name: "Workloads", dependencies: ["Views", "Scheduling", "ExtraStrategies"]),
        .target(name: "BenchKit", dependencies: ["Workloads", "ExtraStrategies", "Reporting", "Scheduling", "Views", "ArgumentParsing"], path: "Benchmarks/BenchKit"),
        .executableTarget(name: "bench", dependencies: ["BenchKit", "Workloads", "ExtraStrategies"], path: "Benchmarks/Bench"),
        // The command-line parser every tool shares: declarative option tables, one help layout,
        // the same errors and exit statuses.
        .target(name: "ArgumentParsing", dependencies: ["Reporting"], path: "Benchmarks/ArgumentParsing"),
        // Instruction counts under valgrind's callgrind, for the benchmarks' `instructions` commands
        // and the reproductions' claims decided on the work of two evaluators.
        .target(name: "Callgrind", path: "Benchmarks/Callgrind"),
        // Measurements made in a process of their own (resident-set growth per node and per view; timed
        // runs pooled from several processes), for the benchmarks.
        .target(name: "OwnProcess", path: "Benchmarks/OwnProcess"),
        // Tables and SVG charts shared by the benchmark and reproduction tools.
        .target(name: "Reporting"),
        // Paper reproductions: experiments, baseline evaluators, and the `reproduce` tool.
        .target(name: "Reproductions", dependencies: ["Constraints", "Scheduling", "Views", "Workloads", "ExtraStrategies", "Reporting", "Callgrind", "ArgumentParsing"], path: "Papers/Reproductions"),
        .executableTarget(name: "reproduce", dependencies: ["Reproductions"], path: "Papers/Reproduce"),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ConstraintsTests", dependencies: ["Constraints", "Reproductions", "TestSupport"]),
        .testTarget(name: "SchedulingTests", dependencies: ["Scheduling", "Constraints", "TestSupport"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Workloads", "Reproductions", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ExtraStrategiesTests", dependencies: ["ExtraStrategies", "Workloads", "TestSupport"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "ExtraStrategies", "TestSupport"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "Reporting", "Workloads", "Scheduling", "Views"], exclude: ["Fixtures"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        // Each benchmark executable's option table, parsed as the README, Docs and .ci/run call it.
        .testTarget(name: "BenchmarkCommandLineTests", dependencies: ["ArgumentParsing", "Callgrind", "engine-bench", "views-bench", "scheduling-bench"]),
        .testTarget(name: "CallgrindTests", dependencies: ["Callgrind"]),
        .testTarget(name: "ReproductionsTests", dependencies: ["Reproductions", "TestSupport"]),

        .executableTarget(name: "engine-bench", dependencies: ["Constraints", "Reporting", "Callgrind", "ArgumentParsing", "OwnProcess"], path: "Benchmarks/EngineBench"),
        .executableTarget(name: "scheduling-bench", dependencies: ["Scheduling", "Reporting", "ArgumentParsing"], path: "Benchmarks/SchedulingBench"),
        .executableTarget(name: "views-bench", dependencies: ["Views", "Reporting", "Callgrind", "ArgumentParsing", "OwnProcess"], path: "Benchmarks/ViewsBench"),
    ]
)
