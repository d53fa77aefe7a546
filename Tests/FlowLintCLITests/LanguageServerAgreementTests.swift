import Foundation
import XCTest

/// The language server and `flowlint lint` share one project model (`ProjectScope`, `Workspace`): for every fixture
/// under `Fixtures/`, linted as a project of its own, and every Swift file in it, the diagnostics `flowlint lsp`
/// publishes for the file opened in an editor (rule, message, range, severity, notes) and its quick fixes are those
/// `flowlint lint --project FIXTURE --reporter json FILE` reports, and every finding of the full run
/// (`flowlint lint --project FIXTURE --reporter json FIXTURE`) located in the file is among them. The same holds with a
/// baseline named by the configuration (`baseline:`), which the server applies as the command line does.
final class LanguageServerAgreementTests: CLITestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testTheServerReportsWhatTheCommandLineReportsForEveryFixtureFile() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
            .filter { var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent($0).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue }
        XCTAssertGreaterThanOrEqual(names.count, 14)
        var files = 0, findings = 0
        for name in names {
            let (checkedFiles, checkedFindings) = try checkFixture(name)
            files += checkedFiles
            findings += checkedFindings
        }
        // Enough compared that an empty comparison cannot pass for agreement.
        XCTAssertGreaterThan(files, 100)
        XCTAssertGreaterThan(findings, 40)
    }

    /// Issue 27: for every fixture whose full run has findings, a baseline that covers every second entry of one
    /// written on the full run (so some findings are hidden, others shown, and a root finding with several readers
    /// can be covered at some of them only), named by the configuration: the server and `flowlint lint` agree on
    /// every file, and the baseline hides something.
    func testTheServerAppliesTheConfiguredBaselineAsTheCommandLineDoes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent($0).path + "/expected.txt") }
        XCTAssertGreaterThanOrEqual(names.count, 9)
        var hidden = 0, shown = 0, partlyCovered = 0
        for name in names {
            var before: [[String: Any]] = []
            let (_, compared) = try checkFixture(name) { root in
                before = self.diagnostics(try self.flowlint(["lint", "--reporter", "json", "--no-cache", "--quiet", "."], in: root))
                let written = try self.flowlint(["lint", "--no-cache", "--quiet", "--write-baseline", "accepted.json", "."], in: root, mayModify: true)
                XCTAssertEqual(written.status, 0, "\(name): \(written.stderr)")
                var baseline = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/accepted.json"))) as? [String: Any])
                let entries = baseline["findings"] as? [[String: Any]] ?? []
                baseline["findings"] = entries.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                // A root finding with several readers (one entry per reader, adjacent), some of them kept.
                let byRoot = Dictionary(grouping: entries.indices.filter { entries[$0]["place"] != nil }) { i in
                    "\(entries[i]["rule"]!) \(entries[i]["file"]!) \(entries[i]["lineText"]!)"
                }
                partlyCovered += byRoot.values.filter { $0.count > 1 && Set($0.map { $0 % 2 }).count == 2 }.count
                try JSONSerialization.data(withJSONObject: baseline).write(to: URL(fileURLWithPath: root + "/accepted.json"))
                let configuration = root + "/.flowlint.yml"
                let existing = (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? ""
                try (existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + "baseline: accepted.json\n")
                    .write(toFile: configuration, atomically: false, encoding: .utf8)
            }
            let after = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "--quiet", "."], in: directory + "/" + name))
            hidden += before.count - after.count
            shown += compared
        }
        XCTAssertGreaterThan(hidden, 10)
        XCTAssertGreaterThan(shown, 10)
        XCTAssertGreaterThan(partlyCovered, 0)
    }

    /// Compares one fixture; returns how many files and findings were compared. `prepare` changes the copy first.
    func checkFixture(_ name: String, prepare: ((String) throws -> Void)? = nil) throws -> (Int, Int) {
        // A copy in the scratch directory, its own root whether or not it has a `.flowlint.yml` (a `.git` marks it).
        let root = directory + "/" + name
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: root)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try prepare?(root)
        let swiftFiles = (FileManager.default.subpaths(atPath: root) ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()

        let server = try serverSession(root: root, files: swiftFiles)
        let full = try flowlint(["lint", "--project", root, "--reporter", "json", "--no-cache", "--quiet", root], in: root)
        XCTAssertTrue([0, 1].contains(full.status), "\(name): \(full.stderr)")
        let fullByFile = Dictionary(grouping: diagnostics(full)) { $0["file"] as? String ?? "" }

        var compared = 0
        for file in swiftFiles {
            let path = root + "/" + file
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let run = try flowlint(["lint", "--project", root, "--reporter", "json", "--no-cache", "--quiet", file], in: root)
            XCTAssertTrue([0, 1].contains(run.status), "\(name)/\(file): \(run.stderr)")
            let expected = diagnostics(run)
            let published = server.diagnostics[file] ?? []
            XCTAssertEqual(published.map { describe($0, root: root) }, expected.map { describe(cli: $0, root: root) },
                           "\(name)/\(file): the server's diagnostics differ from `flowlint lint FILE`")
            for finding in fullByFile[file] ?? [] {
                XCTAssertTrue(expected.map { describe(cli: $0, root: root) }.contains(describe(cli: finding, root: root)),
                              "\(name)/\(file): a finding of the full run is missing: \(describe(cli: finding, root: root))")
            }
            // Quick fixes: each fix of each finding (its edits as ranges in the file), then "Disable RULE for this line".
            let expectedActions = expected.flatMap { finding -> [String] in
                let fixes = (finding["fixes"] as? [[String: Any]] ?? []).map { fix in
                    let edits = (fix["edits"] as? [[String: Any]] ?? []).map { edit in
                        "\(position(edit["startOffset"] as! Int, in: bytes))-\(position(edit["endOffset"] as! Int, in: bytes)) \(edit["replacement"] as! String)"
                    }
                    return "\(fix["message"]!) preferred=\(fix["applicability"] as? String == "safe") \(edits)"
                }
                return fixes + ["Disable \(finding["rule"]!) for this line"]
            }
            let actions = (server.actions[file] ?? []).map { action -> String in
                let title = action["title"] as? String ?? ""
                if title.hasPrefix("Disable ") { return title }
                let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
                let edits = changes.values.flatMap { $0 }.map { edit -> String in
                    let range = edit["range"] as? [String: Any] ?? [:]
                    return "\(lineColumn(range["start"]))-\(lineColumn(range["end"])) \(edit["newText"] as? String ?? "")"
                }
                return "\(title) preferred=\(action["isPreferred"] as? Bool ?? false) \(edits)"
            }
            XCTAssertEqual(actions, expectedActions, "\(name)/\(file): the server's quick fixes differ from the fixes `flowlint lint FILE` reports")
            compared += expected.count
        }
        return (swiftFiles.count, compared)
    }

    /// One finding as both sides can state it: rule, severity, 1-based line and byte column of start and end,
    /// message, and notes with their absolute paths.
    func describe(cli finding: [String: Any], root: String) -> String {
        let notes = (finding["notes"] as? [[String: Any]] ?? []).map { note in
            "\(note["message"]!) @ \(absolute(note["file"] as! String, root)):\(note["line"]!):\(note["column"]!)-\(note["endLine"]!):\(note["endColumn"]!)"
        }
        return "\(finding["rule"]!) \(finding["severity"]!) \(finding["line"]!):\(finding["column"]!)-\(finding["endLine"]!):\(finding["endColumn"]!) \(finding["message"]!) \(notes)"
    }

    func describe(_ diagnostic: [String: Any], root: String) -> String {
        let range = diagnostic["range"] as? [String: Any] ?? [:]
        let notes = (diagnostic["relatedInformation"] as? [[String: Any]] ?? []).map { related -> String in
            let location = related["location"] as? [String: Any] ?? [:]
            let range = location["range"] as? [String: Any] ?? [:]
            let path = URL(string: location["uri"] as? String ?? "")?.path ?? ""
            return "\(related["message"]!) @ \(path):\(oneBased(range["start"]))-\(oneBased(range["end"]))"
        }
        let severity = diagnostic["severity"] as? Int == 1 ? "error" : "warning"
        return "\(diagnostic["code"]!) \(severity) \(oneBased(range["start"]))-\(oneBased(range["end"])) \(diagnostic["message"]!) \(notes)"
    }

    func absolute(_ path: String, _ root: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }

    /// An LSP position (UTF-8 columns) as `line:column`, 1-based like the JSON report.
    func oneBased(_ position: Any?) -> String {
        let position = position as? [String: Any] ?? [:]
        return "\((position["line"] as? Int ?? -1) + 1):\((position["character"] as? Int ?? -1) + 1)"
    }

    func lineColumn(_ position: Any?) -> String {
        let position = position as? [String: Any] ?? [:]
        return "(\(position["line"] as? Int ?? -1),\(position["character"] as? Int ?? -1))"
    }

    /// The 0-based line and byte column of a byte offset, as `(line,column)`.
    func position(_ offset: Int, in bytes: [UInt8]) -> String {
        var line = 0, start = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            start = i + 1
        }
        return "(\(line),\(offset - start))"
    }

    struct ServerSession {
        /// The last diagnostics published for each file (relative path) while it was open, and its quick fixes for
        /// the whole file.
        var diagnostics: [String: [[String: Any]]] = [:]
        var actions: [String: [[String: Any]]] = [:]
    }

    /// One `flowlint lsp` session (UTF-8 positions, no cache) that opens each file in turn, asks for the quick fixes of
    /// the whole file (which lints it first) and closes it, so each file is linted with the project as on disk.
    func serverSession(root: String, files: [String]) throws -> ServerSession {
        var input: [UInt8] = []
        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            input += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
        }
        let rootURI = URL(fileURLWithPath: root).absoluteString
        try send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [
            "rootUri": rootURI, "capabilities": ["general": ["positionEncodings": ["utf-8"]]],
            "initializationOptions": ["noCache": true],
        ] as [String: Any]])
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]])
        var fileOfRequest: [Int: String] = [:]
        for (n, file) in files.enumerated() {
            let uri = URL(fileURLWithPath: root + "/" + file).absoluteString
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            try send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
                "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]]])
            fileOfRequest[100 + n] = file
            try send(["jsonrpc": "2.0", "id": 100 + n, "method": "textDocument/codeAction", "params": [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": lines, "character": 0]],
                "context": ["diagnostics": [] as [Any]],
            ] as [String: Any]])
            try send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
        }
        try send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        let run = try flowlint(["lsp"], stdin: input, in: root)
        XCTAssertEqual(run.status, 0, run.stderr)

        var session = ServerSession()
        var rest = run.stdoutBytes[...]
        let separator = Data("\r\n\r\n".utf8)
        while let header = rest.range(of: separator) {
            let length = Int(String(decoding: rest[rest.startIndex..<header.lowerBound], as: UTF8.self)
                .replacingOccurrences(of: "Content-Length: ", with: "")) ?? 0
            let body = rest[header.upperBound..<(header.upperBound + length)]
            rest = rest[(header.upperBound + length)...]
            guard let message = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { continue }
            if message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any],
               params["version"] as? Int == 1, let uri = params["uri"] as? String, let path = URL(string: uri)?.path {
                session.diagnostics[String(path.dropFirst(root.count + 1))] = params["diagnostics"] as? [[String: Any]] ?? []
            }
            if let id = message["id"] as? Int, let file = fileOfRequest[id] {
                XCTAssertNotNil(message["result"], "\(file): \(message)")
                session.actions[file] = message["result"] as? [[String: Any]] ?? []
            }
        }
        XCTAssertEqual(Set(session.diagnostics.keys), Set(files), "every file's diagnostics were published")
        XCTAssertEqual(Set(session.actions.keys), Set(files), "every code action request was answered")
        return session
    }
}
