// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "FlowLint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flowlint", targets: ["flowlint"]),
        .library(name: "FlowLintSyntax", targets: ["FlowLintSyntax"]),
        .library(name: "FlowLintKit", targets: ["FlowLintKit"]),
        .plugin(name: "FlowLintCommand", targets: ["FlowLintCommand"]),
        .plugin(name: "FlowLintBuildTool", targets: ["FlowLintBuildTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The Swift front end: tokenizer, parser, AST. No dependencies, on purpose.
        .target(name: "FlowLintSyntax"),
        // Facts, project index, rules, suppression, configuration, reporters, the lint pipeline. The rule
        // documents (rules/*.md) are compiled in at build time by RuleDocumentsPlugin.
        .target(
            name: "FlowLintKit",
            dependencies: ["FlowLintSyntax"],
            plugins: ["RuleDocumentsPlugin"]
        ),
        // Writes rules/*.md as Swift string literals into the build directory (run by RuleDocumentsPlugin).
        .executableTarget(name: "RuleDocumentBundler"),
        .plugin(name: "RuleDocumentsPlugin", capability: .buildTool(), dependencies: ["RuleDocumentBundler"]),
        // The language server (`flowlint lsp`): JSON-RPC, positions, documents. Uses only FlowLintKit's public
        // surface (`Workspace`), as the command line does.
        .target(name: "FlowLintLSP", dependencies: ["FlowLintKit"]),
        .executableTarget(
            name: "flowlint",
            dependencies: ["FlowLintKit", "FlowLintLSP", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "FlowLintSyntaxTests", dependencies: ["FlowLintSyntax"]),
        .testTarget(name: "FlowLintKitTests", dependencies: ["FlowLintKit"], exclude: ["Golden", "Project/Fixtures"]),
        .testTarget(name: "FlowLintLSPTests", dependencies: ["FlowLintLSP"]),
        // Runs the built `flowlint` binary (the dependency makes sure it is built first): exit codes, bad input.
        .testTarget(name: "FlowLintCLITests", dependencies: ["flowlint"], exclude: ["Expected"]),
        // `swift package flowlint [options]`: lints the package's source target directories.
        .plugin(
            name: "FlowLintCommand",
            capability: .command(intent: .custom(verb: "flowlint", description: "Lint this package's Swift sources with FlowLint")),
            dependencies: ["flowlint"]
        ),
        // Applied to a target (`plugins: [.plugin(name: "FlowLintBuildTool", package: "FlowLint")]`): lints its
        // Swift sources on every build, findings as build warnings and errors. Also an Xcode project plugin.
        .plugin(name: "FlowLintBuildTool", capability: .buildTool(), dependencies: ["flowlint"]),
    ],
    swiftLanguageModes: [.v5]
)
