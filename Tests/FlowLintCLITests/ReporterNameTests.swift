import Foundation
import XCTest

/// Reporter names on the command line and in the configuration: `codeclimate` (GitLab Code Quality) and
/// `xcode`, another name for `text`.
final class ReporterNameTests: CLITestCase {
    func testXcodeIsTheTextReport() throws {
        try write("Sources/ContentView.swift", Self.badView)
        let text = try flowlint(["lint", "--reporter", "text"])
        let xcode = try flowlint(["lint", "--reporter", "xcode"])
        XCTAssertEqual(xcode.status, text.status)
        XCTAssertEqual(xcode.stdout, text.stdout)
        XCTAssertTrue(xcode.stdout.hasPrefix("Sources/ContentView.swift:6:5: warning: "), xcode.stdout)
        try write(".flowlint.yml", "reporter: xcode\n")
        XCTAssertEqual(try flowlint(["lint"]).stdout, text.stdout)
    }

    func testCodeClimateIsGitLabCodeQuality() throws {
        try write("Sources/ContentView.swift", Self.badView)
        let run = try flowlint(["lint", "--reporter", "codeclimate", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdoutBytes) as? [[String: Any]], run.stdout)
        XCTAssertEqual(issues.count, 1)
        let issue = try XCTUnwrap(issues.first)
        XCTAssertEqual(issue["check_name"] as? String, "observed_object_inline")
        XCTAssertEqual(issue["severity"] as? String, "minor")
        XCTAssertTrue((issue["description"] as? String)?.contains("@StateObject") == true)
        let location = try XCTUnwrap(issue["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "Sources/ContentView.swift")
        XCTAssertEqual((location["lines"] as? [String: Any])?["begin"] as? Int, 6)
        XCTAssertEqual((issue["fingerprint"] as? String)?.count, 32)

        try write(".flowlint.yml", "reporter: codeclimate\nseverity: {observed_object_inline: error}\n")
        let configured = try flowlint(["lint", "--quiet"])
        XCTAssertEqual(configured.status, 1)
        XCTAssertTrue(configured.stdout.contains("\"severity\": \"major\""), configured.stdout)
    }

    func testCodeClimateWithNoFindingsIsAnEmptyArray() throws {
        try write("A.swift", Self.goodView)
        XCTAssertEqual(try flowlint(["lint", "--reporter", "codeclimate"]).stdout, "[]\n")
    }

    func testUnknownReporterListsTheNames() throws {
        let run = try flowlint(["lint", "--reporter", "gitlab"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("codeclimate"), run.stderr)
    }
}
