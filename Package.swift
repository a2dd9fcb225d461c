// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PostfixAccentKeyboard",
    products: [
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "KeyboardSimulator", targets: ["KeyboardSimulator"]),
        .library(name: "TypingEfficiency", targets: ["TypingEfficiency"]),
        .executable(name: "kbdsim", targets: ["kbdsim"]),
        .library(name: "XKBLayouts", targets: ["XKBLayouts"]),
        .library(name: "LayoutSources", targets: ["LayoutSources"]),
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
        .library(name: "LayoutOptimizer", targets: ["LayoutOptimizer"]),
    ],
    targets: [
        .target(name: "LayoutEngine"),
        .target(name: "KeyboardSimulator", dependencies: ["LayoutEngine"]),
        .target(name: "TypingEfficiency", dependencies: ["LayoutEngine"]),
        .target(name: "FuzzChecks", dependencies: ["LayoutEngine", "TypingEfficiency"]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .target(name: "XKBLayouts", dependencies: ["LayoutEngine", "CXKBCommon"]),
        .target(name: "LayoutSources", dependencies: ["LayoutEngine", "XKBLayouts"]),
        .target(name: "LayoutOptimizer", dependencies: ["LayoutEngine", "TypingEfficiency"]),
        .executableTarget(
            name: "kbdsim",
            dependencies: [
                "LayoutEngine", "KeyboardSimulator", "TypingEfficiency", "XKBLayouts", "LayoutSources", "LayoutOptimizer",
            ]),
        .executableTarget(
            name: "kbdbench",
            dependencies: [
                "LayoutEngine", "KeyboardSimulator", "TypingEfficiency", "XKBLayouts", "LayoutSources", "LayoutOptimizer",
            ]),
        .testTarget(
            name: "LayoutEngineTests", dependencies: ["LayoutEngine", "FuzzChecks"], exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "KeyboardSimulatorTests", dependencies: ["KeyboardSimulator", "LayoutEngine"], exclude: ["Golden"]),
        .testTarget(
            name: "TypingEfficiencyTests", dependencies: ["TypingEfficiency", "LayoutEngine"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "kbdsimTests", dependencies: ["LayoutEngine"]),
        .testTarget(name: "LayoutOptimizerTests", dependencies: ["LayoutOptimizer", "TypingEfficiency", "LayoutEngine"]),
        .testTarget(
            name: "XKBLayoutsTests", dependencies: ["XKBLayouts", "LayoutEngine"], exclude: ["Fixtures", "Golden"]),
    ]
)
