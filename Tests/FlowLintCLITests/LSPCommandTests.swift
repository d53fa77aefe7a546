import Foundation
import XCTest

/// `flowlint lsp` as a command: its options, and a whole session through standard input and output (the
/// protocol itself is tested by `Tests/integration/lsp.sh` with a real LSP client).
final class LSPCommandTests: CLITestCase {
    func frame(_ json: String) -> [UInt8] { Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8) }

    func testBadOptionsAreUsageErrors() throws {
        for arguments in [["lsp", "--debounce", "-5"], ["lsp", "--debounce", "20000"], ["lsp", "--no-cache", "--cache-path", "x"],
                          ["lsp", "--config", ""], ["lsp", "--configuration", ""]] {
            let run = try flowlint(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertFalse(run.stderr.isEmpty, "\(arguments)")
        }
    }

    func testASessionReadFromStandardInputLintsTheBufferAndExitsCleanly() throws {
        try write(".flowlint.yml", "")
        let path = directory + "/ContentView.swift"
        let text = "import SwiftUI\\nfinal class Store: ObservableObject { @Published var count = 0 }\\nstruct ContentView: View {\\n    @ObservedObject var store = Store()\\n    var body: some View { Button(\\\"\\\\(store.count)\\\") { store.count += 1 } }\\n}\\n"
        let input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            + frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://\#(path)","languageId":"swift","version":1,"text":"\#(text)"}}}"#)
            + frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file://\#(path)"},"range":{"start":{"line":3,"character":6},"end":{"line":3,"character":6}},"context":{"diagnostics":[]}}}"#)
            + frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        // The input ends after `shutdown`: what was read is answered first, and the status is 0. (`exit` would end
        // the process at once, without waiting for the answers still queued.)
        let run = try flowlint(["lsp", "--stdio", "--no-cache"], stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(#""code":"observed_object_inline""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""title":"use @StateObject""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""id":3,"result":null"#), run.stdout)
        XCTAssertEqual(run.stderr, "")  // the harness checks that no file changed
    }

    func testEndOfInputWithoutShutdownExitsWith1() throws {
        let run = try flowlint(["lsp", "--no-cache"], stdin: frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("Content-Length: "), run.stdout)
    }
}
