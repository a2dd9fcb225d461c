// swift-tools-version: 6.0
// Fuzz targets for libFuzzer. Built apart from the main package, because a fuzz target
// has no `main` of its own: `swift build --sanitize=fuzzer` links libFuzzer's.
// Run them with `Fuzz/run.sh` (see docs/fuzzing.md).
import PackageDescription

let package = Package(
    name: "Fuzz",
    dependencies: [.package(name: "PostfixAccentKeyboard", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzLayoutLoader",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzTypingSession",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzPlanner",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzLDMLLoader",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzLDMLTransforms",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzInputDecoder",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzCorpusReader",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzLDMLSession",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzKeyboardTestFile",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzCInterface",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzLDMLExport",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
        .executableTarget(
            name: "FuzzTypingLog",
            dependencies: [.product(name: "FuzzChecks", package: "PostfixAccentKeyboard")]),
    ]
)
