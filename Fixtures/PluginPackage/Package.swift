// swift-tools-version:6.0
// A tiny package that uses FlowLint's command plugin from the repository two levels up.
// Tests/integration/plugin.sh runs `swift package flowlint` here.
import PackageDescription

let package = Package(
    name: "PluginPackage",
    dependencies: [
        .package(name: "FlowLint", path: "../.."),
    ],
    targets: [
        .target(name: "Demo", path: "Sources/Demo"),
    ]
)
