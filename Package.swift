// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PostfixAccentKeyboard",
    products: [
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .library(name: "LayoutPlanner", targets: ["LayoutPlanner"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "KeyboardHost", targets: ["KeyboardHost"]),
        .library(name: "KeyboardSimulator", targets: ["KeyboardSimulator"]),
        .library(name: "TypingEfficiency", targets: ["TypingEfficiency"]),
        .executable(name: "kbdsim", targets: ["kbdsim"]),
        .library(name: "XKBLayouts", targets: ["XKBLayouts"]),
        .library(name: "LayoutSources", targets: ["LayoutSources"]),
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
        .library(name: "LDMLKeyboards", targets: ["LDMLKeyboards"]),
        .library(name: "LayoutOptimizer", targets: ["LayoutOptimizer"]),
        .library(name: "TypingCalibration", targets: ["TypingCalibration"]),
        .library(name: "postfix-keyboard", type: .dynamic, targets: ["KeyboardEngineC"]),
        .library(name: "fcitx5-kbdsim", type: .dynamic, targets: ["Fcitx5Addon"]),
    ],
    targets: [
        .target(name: "LayoutCore"),
        .target(name: "LayoutPlanner", dependencies: ["LayoutCore"]),
        .target(name: "LayoutEngine", dependencies: ["LayoutCore", "LayoutPlanner"]),
        .target(name: "KeyboardHost", dependencies: ["LayoutEngine"]),
        .target(name: "KeyboardSimulator", dependencies: ["LayoutEngine", "KeyboardHost"]),
        .target(name: "TypingEfficiency", dependencies: ["LayoutEngine"]),
        .target(name: "TypingCalibration", dependencies: ["LayoutEngine", "TypingEfficiency"]),
        .target(name: "LDMLKeyboards", dependencies: ["LayoutEngine"]),
        .target(
            name: "FuzzChecks",
            dependencies: [
                "LayoutEngine", "TypingEfficiency", "LDMLKeyboards", "KeyboardSimulator", "LayoutExport", "KeyboardEngineC",
                "TypingCalibration",
            ]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .target(name: "XKBLayouts", dependencies: ["LayoutEngine", "CXKBCommon"]),
        .systemLibrary(
            name: "CKeymanCore", pkgConfig: "keyman_kmn_processor", providers: [.apt(["libkmnkbp-dev"])]),
        .systemLibrary(name: "CM17N", pkgConfig: "m17n-shell", providers: [.apt(["libm17n-dev", "m17n-db"])]),
        .target(name: "PeerLayouts", dependencies: ["LayoutEngine", "CKeymanCore", "CM17N"]),
        .target(name: "LayoutExport", dependencies: ["LayoutEngine", "KeyboardHost", "LDMLKeyboards"]),
        .target(name: "LayoutSources", dependencies: ["LayoutEngine", "XKBLayouts", "PeerLayouts", "LDMLKeyboards"]),
        .systemLibrary(name: "CIBus", pkgConfig: "gobject-2.0", providers: [.apt(["libibus-1.0-dev"])]),
        .target(
            name: "CIBusEngine", dependencies: ["CIBus"], cSettings: [.unsafeFlags(["-I/usr/include/ibus-1.0"])],
            linkerSettings: [.linkedLibrary("ibus-1.0"), .linkedLibrary("gio-2.0")]),
        .target(name: "IBusEngine", dependencies: ["LayoutEngine", "KeyboardHost", "CIBusEngine"]),
        .target(name: "LayoutOptimizer", dependencies: ["LayoutEngine", "TypingEfficiency"]),
        .target(name: "CPostfixKeyboard"),
        .target(name: "KeyboardEngineC", dependencies: ["CPostfixKeyboard", "LayoutEngine", "KeyboardHost"]),
        .systemLibrary(
            name: "CFcitx5", pkgConfig: "Fcitx5Core",
            providers: [.apt(["libfcitx5core-dev", "libfcitx5utils-dev", "libfcitx5config-dev"])]),
        .target(name: "Fcitx5Addon", dependencies: ["CFcitx5", "CPostfixKeyboard", "KeyboardEngineC"]),
        .executableTarget(
            name: "kbdsim",
            dependencies: [
                "LayoutEngine", "KeyboardSimulator", "TypingEfficiency", "XKBLayouts", "LayoutSources", "LayoutExport",
                "IBusEngine", "LDMLKeyboards", "LayoutOptimizer", "PeerLayouts", "TypingCalibration",
            ]),
        .executableTarget(
            name: "kbdbench",
            dependencies: [
                "LayoutEngine", "KeyboardSimulator", "TypingEfficiency", "XKBLayouts", "LayoutSources", "PeerLayouts",
                "IBusEngine", "LDMLKeyboards", "LayoutOptimizer", "KeyboardEngineC", "CPostfixKeyboard",
                "TypingCalibration", "LayoutExport",
            ]),
        .target(name: "TestSupport", dependencies: ["LayoutEngine"], path: "Tests/TestSupport"),
        .testTarget(
            name: "LayoutEngineTests", dependencies: ["TestSupport", "LayoutEngine", "FuzzChecks"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "KeyboardSimulatorTests", dependencies: ["TestSupport", "KeyboardSimulator", "LayoutEngine"],
            exclude: ["Golden"]),
        .testTarget(
            name: "TypingEfficiencyTests",
            dependencies: ["TestSupport", "TypingEfficiency", "LayoutEngine", "FuzzChecks"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "kbdsimTests", dependencies: ["TestSupport", "LayoutEngine", "KeyboardSimulator", "LayoutSources"]),
        .testTarget(name: "WebEngineTests", dependencies: ["TestSupport", "LayoutEngine"]),
        .testTarget(
            name: "LayoutOptimizerTests", dependencies: ["LayoutOptimizer", "TypingEfficiency", "LayoutEngine"]),
        .testTarget(
            name: "TypingCalibrationTests",
            dependencies: ["TestSupport", "TypingCalibration", "TypingEfficiency", "LayoutEngine"],
            exclude: ["Golden"]),
        .testTarget(name: "kbdbenchTests", dependencies: ["kbdbench", "TestSupport"]),
        .testTarget(
            name: "IBusEngineTests", dependencies: ["TestSupport", "IBusEngine", "LayoutEngine", "LDMLKeyboards"]),
        .testTarget(
            name: "PeerLayoutsTests",
            dependencies: ["TestSupport", "PeerLayouts", "LayoutEngine", "XKBLayouts", "TypingEfficiency"]),
        .testTarget(
            name: "LayoutExportTests",
            dependencies: [
                "TestSupport", "LayoutExport", "LayoutEngine", "KeyboardSimulator", "XKBLayouts", "TypingEfficiency",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "LDMLKeyboardsTests",
            dependencies: [
                "TestSupport", "LDMLKeyboards", "LayoutEngine", "LayoutSources", "LayoutExport", "FuzzChecks",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "XKBLayoutsTests", dependencies: ["TestSupport", "XKBLayouts", "LayoutEngine"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "WebPageTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CAPITests", dependencies: ["TestSupport", "KeyboardEngineC", "FuzzChecks"], exclude: ["Fixtures"]),
        .testTarget(name: "Fcitx5Tests", dependencies: ["TestSupport"], exclude: ["Fixtures"]),
    ],
    cxxLanguageStandard: .cxx17
)
