// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PostfixAccentKeyboard",
    products: [
        .library(name: "LayoutEngine", targets: ["LayoutEngine"])
    ],
    targets: [
        .target(name: "LayoutEngine"),
        .executableTarget(name: "kbdbench", dependencies: ["LayoutEngine"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"]),
    ]
)
