import Foundation
import XCTest
@testable import FlowLintKit

/// UI tests in the rustc/Clippy style: each project under `Fixtures/` is linted as a whole and its text
/// report is compared exactly with the checked-in `expected.txt`. After an intended change, re-bless with
/// `FLOWLINT_BLESS=1 swift test --filter FixtureTests`. The `// expect: rule_id` markers the fixtures carry
/// are checked too, so a blessed file cannot quietly accept a wrong finding.
final class FixtureTests: XCTestCase {
    static var fixturesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    static func fixtures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixturesDirectory, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.path < $1.path }
    }

    /// The fixture's Swift files, relative to it, sorted; build output is skipped.
    static func sources(in fixture: URL) throws -> [LintFile] {
        let all = FileManager.default.subpaths(atPath: fixture.path) ?? []
        return try all.filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".build") } }
            .sorted()
            .map { LintFile(path: $0, bytes: Array(try Data(contentsOf: fixture.appendingPathComponent($0)))) }
    }

    /// The fixture's `.flowlint.yml` (the opt-in rules it shows, its toolchain), or the defaults without one.
    static func configuration(of fixture: URL) throws -> Configuration {
        let root = Paths.standardize(fixture.path)
        let configurationFile = Paths.join(root, Configuration.fileName)
        return FileManager.default.fileExists(atPath: configurationFile)
            ? try Configuration.load(path: configurationFile) : Configuration(rootDirectory: root)
    }

    /// The fixture linted as a project of its own, as `flowlint lint --project FIXTURE FIXTURE` does: its
    /// `.flowlint.yml` applied (the rules, the toolchain), its project files read (`ProjectModel`), files no target
    /// compiles left out.
    static func report(_ fixture: URL, jobs: Int = 1) throws -> (text: String, result: LintResult, files: [LintFile]) {
        let root = Paths.standardize(fixture.path)
        let configuration = try configuration(of: fixture)
        var files = try sources(in: fixture)
        let bundles = try FileDiscovery.discover(paths: [root], configuration: Configuration(rootDirectory: root)).projectBundles
        let model = ProjectModel.load(root: root, swiftFiles: files.map { Paths.join(root, $0.path) }, bundles: bundles)
        let membership = CompiledFiles(model)
        files.removeAll { membership.isNotCompiled(Paths.join(root, $0.path)) }
        var request = LintRequest(files: files, settings: configuration.ruleSettings, jobs: jobs)
        request.model = model.isEmpty ? nil : model
        request.displayPathBase = root
        let result = LintEngine.lint(request)
        let text = ReporterKind.text.render(result.diagnostics, context: ReportContext(lintedFiles: files.map(\.path)))
        return (text, result, files)
    }

    func testFixturesMatchTheirExpectedOutput() throws {
        let bless = ProcessInfo.processInfo.environment["FLOWLINT_BLESS"] == "1"
        let fixtures = try Self.fixtures()
        XCTAssertGreaterThanOrEqual(fixtures.count, 8)
        for fixture in fixtures {
            let (text, _, _) = try Self.report(fixture)
            let expectedURL = fixture.appendingPathComponent("expected.txt")
            if bless {
                try text.write(to: expectedURL, atomically: false, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8))
            XCTAssertNotNil(expected, "\(fixture.lastPathComponent): no expected.txt; bless with FLOWLINT_BLESS=1")
            XCTAssertEqual(text, expected ?? "", "\(fixture.lastPathComponent): output differs from expected.txt")
        }
    }

    func testFindingsMatchTheExpectMarkers() throws {
        for fixture in try Self.fixtures() {
            let (_, result, files) = try Self.report(fixture)
            var marked: Set<String> = []
            for file in files {
                let lines = String(decoding: file.bytes, as: UTF8.self).components(separatedBy: "\n")
                for (i, line) in lines.enumerated() {
                    guard let r = line.range(of: "// expect: ") else { continue }
                    for rule in line[r.upperBound...].split(separator: ",") {
                        marked.insert("\(file.path):\(i + 1) \(rule.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
            let found = Set(result.diagnostics.map { "\($0.span.file):\($0.span.start.line) \($0.ruleID)" })
            XCTAssertEqual(found.subtracting(marked).sorted(), [], "\(fixture.lastPathComponent): findings without a marker")
            XCTAssertEqual(marked.subtracting(found).sorted(), [], "\(fixture.lastPathComponent): markers without a finding")
        }
    }

    /// Output is the same bytes whatever the number of worker threads.
    func testOutputDoesNotDependOnJobs() throws {
        var all: [LintFile] = []
        for fixture in try Self.fixtures() {
            all += try Self.sources(in: fixture).map { LintFile(path: fixture.lastPathComponent + "/" + $0.path, bytes: $0.bytes) }
        }
        let render = { (jobs: Int) -> String in
            let result = LintEngine.lint(LintRequest(files: all, jobs: jobs))
            return ReporterKind.json.render(result.diagnostics, context: ReportContext(lintedFiles: all.map(\.path)))
        }
        let serial = render(1)
        XCTAssertFalse(serial.isEmpty)
        for jobs in [2, 3, 8] { XCTAssertEqual(render(jobs), serial, "jobs \(jobs)") }
    }
}
