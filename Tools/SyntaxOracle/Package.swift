// swift-tools-version:6.0
// The differential oracle: FlowLint's own front end (FlowLintSyntax) against swift-syntax, on a corpus.
// A separate package on purpose: flowlint itself never depends on swift-syntax.
import PackageDescription

// FLOWLINT_LEXER / FLOWLINT_PARSER guard the FlowLint side; both APIs (Lexer.tokenize, Parser.parse,
// SyntaxTree.outline()) are in FlowLintSyntax now. Drop a define to build the oracle against a tree that
// lacks that part (the swift-syntax side then still works).
let flowLintDefines: [SwiftSetting] = [.define("FLOWLINT_LEXER"), .define("FLOWLINT_PARSER")]

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
            dependencies: ["OracleCore", .product(name: "FlowLintSyntax", package: "FlowLint")],
            swiftSettings: flowLintDefines
        ),
        .executableTarget(
            name: "syntax-oracle",
            dependencies: ["OracleCore", "SwiftSyntaxSide", "FlowLintSide"],
            swiftSettings: flowLintDefines
        ),
    ],
    swiftLanguageModes: [.v5]
)
