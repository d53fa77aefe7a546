// swift-tools-version:6.0
// The differential oracle: FlowLint's own front end (FlowLintSyntax) against swift-syntax, on a corpus.
// A separate package on purpose: flowlint itself never depends on swift-syntax.
import PackageDescription

let package = Package(
    name: "SyntaxOracle",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(name: "FlowLint", path: "../.."),
    ],
    targets: [
        // Shared vocabulary: token kind classes, outline entries, comparison and reporting. No dependencies.
        .target(name: "OracleCore"),
        // swift-syntax → OracleCore values. Kept apart so that swift-syntax's names never meet FlowLint's.
        .target(
            name: "SwiftSyntaxSide",
            dependencies: [
                "OracleCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // FlowLintSyntax → OracleCore values.
        .target(
            name: "FlowLintSide",
            dependencies: ["OracleCore", .product(name: "FlowLintSyntax", package: "FlowLint")]
        ),
        .executableTarget(
            name: "syntax-oracle",
            dependencies: ["OracleCore", "SwiftSyntaxSide", "FlowLintSide"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
