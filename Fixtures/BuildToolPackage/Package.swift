// swift-tools-version:6.0
// A tiny package whose target applies FlowLint's build-tool plugin from the repository two levels up:
// `swift build` here lints Sources/Storefront and shows the findings as build warnings.
// Tests/integration/build-plugin.sh builds a copy of it.
import PackageDescription

let package = Package(
    name: "BuildToolPackage",
    dependencies: [
        .package(name: "FlowLint", path: "../.."),
    ],
    targets: [
        .target(name: "Pricing", path: "Sources/Pricing"),
        .target(
            name: "Storefront",
            dependencies: ["Pricing"],
            path: "Sources/Storefront",
            plugins: [.plugin(name: "FlowLintBuildTool", package: "FlowLint")]
        ),
    ]
)
