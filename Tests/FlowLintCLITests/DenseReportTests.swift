import Foundation
import XCTest

/// A finding-dense file makes a report many times its size (JSON about 25 times, SARIF about 60), which is
/// written in pieces as it is rendered, never held whole. Its memory is measured by `Benchmarks/attacks.sh`;
/// here, that the pieces make the same complete report on standard output and in an `--output` file, and
/// that a write that fails part way exits 4.
final class DenseReportTests: CLITestCase {
    static let findings = 3000

    override func setUpWithError() throws {
        try super.setUpWithError()
        let properties = (0..<Self.findings).map { "    @State var a\($0) = 0\n" }.joined()
        try write("Dense.swift", "import SwiftUI\nstruct Dense: View {\n\(properties)    var body: some View { Text(\"\") }\n}\n")
    }

    func testAReportOfThousandsOfFindingsIsTheSameOnStandardOutputAndInAFile() throws {
        for (reporter, key) in [("json", "diagnostics"), ("sarif", "runs")] {
            let piped = try flowlint(["lint", "--no-cache", "--quiet", "--reporter", reporter, "Dense.swift"])
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertGreaterThan(piped.stdoutBytes.count, 1 << 20, "\(reporter): a report of many 64 KiB pieces")
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: piped.stdoutBytes) as? [String: Any])
            let findings: [Any]?
            if reporter == "json" {
                findings = object[key] as? [Any]
            } else {
                findings = ((object[key] as? [[String: Any]])?.first?["results"]) as? [Any]
            }
            XCTAssertEqual(findings?.count, Self.findings, reporter)

            let written = try flowlint(["lint", "--no-cache", "--quiet", "--reporter", reporter, "--output", "report", "Dense.swift"],
                                       mayModify: true)
            XCTAssertEqual(written.status, 0, written.stderr)
            XCTAssertEqual(written.stdoutBytes.count, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/report")), piped.stdoutBytes, reporter)
        }
    }

    func testAReportThatCannotBeWrittenPartWayExitsFour() throws {
        let run = try flowlint(["lint", "--no-cache", "--quiet", "--reporter", "sarif", "--output", "/dev/full", "Dense.swift"])
        XCTAssertEqual(run.status, 4)
        XCTAssertEqual(run.stderr, "/dev/full: error: cannot write the report: No space left on device\n")
    }
}
