// swift-tools-version:6.0
// The differential oracle: FlowLint's own front end (FlowLintSyntax) against swift-syntax, on a corpus.
// A separate package on purpose: flowlint itself never depends on swift-syntax.
import PackageDescription
import Foundation

// While the FlowLint lexer and parser are still being written, the FlowLint side compiles only the parts
// whose API is already in the tree (FLOWLINT_LEXER, FLOWLINT_PARSER). Once both have landed for good this
// detection can go and both defines become unconditional.
let syntaxSources: String = {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/FlowLintSyntax").standardizedFileURL
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return files.filter { $0.hasSuffix(".swift") }
        .compactMap { try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }
        .joined(separator: "\n")
}()
var flowLintDefines: [SwiftSetting] = []
if syntaxSources.contains("func tokenize(") { flowLintDefines.append(.define("FLOWLINT_LEXER")) }
if syntaxSources.contains("func parse(") && syntaxSources.contains("func outline(") {
    flowLintDefines.append(.define("FLOWLINT_PARSER"))
}

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
