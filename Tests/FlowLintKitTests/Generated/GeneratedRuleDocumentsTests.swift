import Foundation
import XCTest
@testable import FlowLintKit

/// `Sources/FlowLintKit/Generated/RuleDocuments.swift` must be what `Tools/generate-rule-docs.sh` makes
/// from `rules/*.md` now: when a document changes, run the script and commit its output.
final class GeneratedRuleDocumentsTests: XCTestCase {
    func testGeneratedFileIsUpToDate() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", repository.appendingPathComponent("Tools/generate-rule-docs.sh").path, "--stdout"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let committed = try Data(contentsOf: repository.appendingPathComponent("Sources/FlowLintKit/Generated/RuleDocuments.swift"))
        XCTAssertTrue(output == committed,
                      "RuleDocuments.swift is stale: run `bash Tools/generate-rule-docs.sh` and commit the result")
    }

    func testEveryDocumentIsBundledUnderItsRuleID() throws {
        for (id, document) in RuleDocuments.byID {
            XCTAssertTrue(document.hasPrefix("# "), "\(id): a rule document starts with its title")
            XCTAssertTrue(document.contains(id), "\(id): the document names its rule")
        }
    }
}
