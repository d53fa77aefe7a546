import Foundation
import XCTest

/// What a run reads and writes follows the project, not the working directory: baselines match from
/// anywhere, the configuration at or above each input applies, report paths are anchored to the root.
final class ProjectAnchoringTests: CLITestCase {
    func writeApp() throws {
        try write("App/Package.swift", "// swift-tools-version:5.9\n")
        try write("App/Sources/App/ContentView.swift", Self.badView)
    }

    func testBaselineWrittenAtTheRootMatchesFromASubdirectoryAndFromOutside() throws {
        try writeApp()
        let app = directory + "/App"
        XCTAssertEqual(try flowlint(["lint", "--write-baseline", "baseline.json", "--no-cache"], in: app, mayModify: true).status, 0)
        let written = try read("App/baseline.json")
        XCTAssertTrue(written.contains("\"file\": \"Sources/App/ContentView.swift\""), written)

        // From a subdirectory, naming the baseline by its path there.
        let sub = try flowlint(["lint", "--baseline", "../../baseline.json", "--strict", "--no-cache", "."], in: app + "/Sources/App")
        XCTAssertEqual(sub.status, 0, sub.stdout + sub.stderr)
        XCTAssertTrue(sub.stderr.contains("1 in baseline"), sub.stderr)
        // From outside the project, with a path argument.
        let outside = try flowlint(["lint", "--baseline", "App/baseline.json", "--strict", "--no-cache", "App/Sources"])
        XCTAssertEqual(outside.status, 0, outside.stdout + outside.stderr)
        XCTAssertTrue(outside.stderr.contains("1 in baseline"), outside.stderr)
        XCTAssertFalse(outside.stderr.contains("warning: none of the baseline"), outside.stderr)
    }

    /// The warning is about the project, not about the files linted: a run of one file of the project the baseline
    /// was written for never gives it, a run of another project does.
    func testABaselineThatConcernsNoFileOfTheProjectSaysSo() throws {
        try writeApp()
        try write("App/Sources/App/Clean.swift", "struct Clean {}\n")
        // Another repository: another project.
        try FileManager.default.createDirectory(atPath: directory + "/Other/.git", withIntermediateDirectories: true)
        try write("Other/Package.swift", "// swift-tools-version:5.9\n")
        try write("Other/Sources/Other/Clean.swift", "struct Clean {}\n")
        XCTAssertEqual(try flowlint(["lint", "--write-baseline", "App/baseline.json", "--no-cache", "App"], mayModify: true).status, 0)
        let run = try flowlint(["lint", "--baseline", "App/baseline.json", "--no-cache", "Other"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("App/baseline.json: warning: none of the baseline's 1 entry is for a file of the project (its paths are relative to App)"),
                      run.stderr)
        let partial = try flowlint(["lint", "--baseline", "App/baseline.json", "--no-cache", "App/Sources/App/Clean.swift"])
        XCTAssertEqual(partial.status, 0)
        XCTAssertFalse(partial.stderr.contains("none of the baseline"), partial.stderr)
    }

    func testTheConfigurationAtOrAboveAnInputAppliesFromAnyWorkingDirectory() throws {
        try writeApp()
        try write("App/.flowlint.yml", "disabled_rules: [observed_object_inline]\n")
        // From the scratch directory (outside the app), with a path argument.
        let outside = try flowlint(["lint", "--reporter", "json", "--no-cache", "App/Sources/App/ContentView.swift"])
        XCTAssertEqual(outside.status, 0, outside.stderr)
        XCTAssertEqual(diagnostics(outside).count, 0, outside.stdout)
        // From a subdirectory of the app.
        let inside = try flowlint(["lint", "--reporter", "json", "--no-cache", "."], in: directory + "/App/Sources")
        XCTAssertEqual(diagnostics(inside).count, 0, inside.stdout)
        // --config still wins.
        try write("strict.yml", "strict: true\n")
        let explicit = try flowlint(["lint", "--config", "strict.yml", "--reporter", "json", "--no-cache", "App"])
        XCTAssertEqual(diagnostics(explicit).map { $0["rule"] as? String }, ["observed_object_inline"])
        XCTAssertEqual(explicit.status, 1)
    }

    /// Inputs under different configurations are each linted under their own (rules, severities, excludes);
    /// run-wide settings (`reporter`, `strict`) come from the first input's.
    func testInputsUnderDifferentConfigurationsEachGetTheirOwn() throws {
        try write("Quiet/.flowlint.yml", "disabled_rules: [observed_object_inline]\nreporter: json\n")
        try write("Quiet/View.swift", Self.badView)
        try write("Loud/.flowlint.yml", "severity: { observed_object_inline: error }\nstrict: true\n")
        try write("Loud/View.swift", Self.badView)
        try write("Loud/Generated/View.swift", Self.badView)
        try write("Loud/.flowlint.yml", "severity: { observed_object_inline: error }\nexcluded: [\"Generated\"]\nstrict: true\n")

        let run = try flowlint(["lint", "--no-cache", "Quiet", "Loud"])
        let findings = diagnostics(run)  // JSON: Quiet's configuration comes first
        XCTAssertEqual(findings.map { "\($0["file"] ?? ""):\($0["severity"] ?? "")" }, ["Loud/View.swift:error"])
        XCTAssertEqual(run.status, 1, "an error fails the run")

        let reversed = try flowlint(["lint", "--no-cache", "Loud", "Quiet"])
        XCTAssertTrue(reversed.stdout.hasPrefix("Loud/View.swift:"), "text: Loud's configuration comes first\n\(reversed.stdout)")
        XCTAssertEqual(reversed.status, 1)
    }
}

/// `--output FILE`: the report goes to the file, whole; the summary still goes to standard error.
final class OutputOptionTests: CLITestCase {
    func testTheReportGoesToTheFileAndTheSummaryToStandardError() throws {
        try write("Sources/ContentView.swift", Self.badView)
        let run = try flowlint(["lint", "--no-cache", "--reporter", "json", "--output", "out/report.json", "Sources"], mayModify: true)
        XCTAssertEqual(run.status, 4, run.stderr)  // the directory does not exist: a report that is lost is an output error
        XCTAssertTrue(run.stderr.contains("out/report.json: error: cannot write the report"), run.stderr)
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        let written = try flowlint(["lint", "--no-cache", "--reporter", "json", "--output", "out/report.json", "Sources"], mayModify: true)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(written.stderr.contains("Linted 1 file: 0 errors, 1 warning"), written.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read("out/report.json").utf8)) as? [String: Any])
        XCTAssertEqual((report["diagnostics"] as? [[String: Any]])?.count, 1)
        // An empty path is a usage error.
        XCTAssertEqual(try flowlint(["lint", "--output", "", "Sources"]).status, 2)
    }
}
