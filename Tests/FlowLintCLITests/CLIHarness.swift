import Foundation
import XCTest

/// Runs the built `flowlint` binary in a scratch directory and checks that nothing in that directory
/// changed (bytes and modification times) unless the test says files may change.
class CLITestCase: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    /// The scratch directory each test works in (resolved, so displayed paths are predictable).
    var directory = ""
    /// The user cache directory of the test's runs (`XDG_CACHE_HOME`), beside the scratch directory, so the
    /// facts cache neither lands in the user's home nor counts as a change in the scratch directory.
    var userCache = ""

    override func setUpWithError() throws {
        let path = NSTemporaryDirectory() + "flowlint-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        directory = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // Keep the search for .flowlint.yml inside the scratch directory.
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        userCache = path + "-cache"
    }

    override func tearDownWithError() throws {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: userCache)
    }

    /// `flowlint` next to the test bundle (SwiftPM puts both in the build products directory), or
    /// FLOWLINT_BIN.
    static let binary: String? = {
        if let explicit = ProcessInfo.processInfo.environment["FLOWLINT_BIN"] { return explicit }
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                                 URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let path = directory.appendingPathComponent("flowlint").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let path = directory + "/" + relative
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Copies the files of `Fixtures/<name>` (but its `expected.txt`) into the scratch directory, its root, or into
    /// `subdirectory` of it.
    func copyFixture(_ name: String, into subdirectory: String? = nil) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
        for relative in FileManager.default.subpaths(atPath: source) ?? [] {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: source + "/" + relative, isDirectory: &isDirectory)
            if isDirectory.boolValue || relative == "expected.txt" { continue }
            try write(subdirectory.map { $0 + "/" + relative } ?? relative,
                      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: source + "/" + relative))))
        }
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: directory + "/" + relative, encoding: .utf8)
    }

    /// Every regular file under the scratch directory with its bytes and modification time.
    func snapshot() -> [String: (Data, Date)] {
        var result: [String: (Data, Date)] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let path = directory + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            guard let data = FileManager.default.contents(atPath: path),
                  let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            result[relative] = (data, date)
        }
        return result
    }

    /// Runs flowlint with `arguments` in the scratch directory (or `in`), with standard input from `stdin`
    /// (else empty). Fails the test if it takes longer than `timeout` or if any file changed when
    /// `mayModify` is false.
    func flowlint(_ arguments: [String], stdin: [UInt8]? = nil, in workingDirectory: String? = nil,
                  environment: [String: String] = [:], timeout: TimeInterval = 120, mayModify: Bool = false,
                  file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        // The test target depends on the executable, so a missing binary is a broken build, not a reason to skip.
        let binary = try XCTUnwrap(Self.binary, "flowlint binary not found next to the tests; run `swift build` first or set FLOWLINT_BIN",
                                   file: file, line: line)
        let before = mayModify ? [:] : snapshot()
        let scratch = NSTemporaryDirectory() + "flowlint-io-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Files, not pipes: a 10 MB report cannot fill a pipe buffer and deadlock the test.
        let stdinPath = scratch + "/stdin", stdoutPath = scratch + "/stdout", stderrPath = scratch + "/stderr"
        // Plain writes: Foundation's createFile writes atomically, through a directory it leaves in TMPDIR.
        try Data(stdin ?? []).write(to: URL(fileURLWithPath: stdinPath))
        try Data().write(to: URL(fileURLWithPath: stdoutPath))
        try Data().write(to: URL(fileURLWithPath: stderrPath))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory ?? directory)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env["XDG_CACHE_HOME"] = userCache
        env["XDG_STATE_HOME"] = userCache + "/state"  // the facts cache's key
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        wait(for: process, timeout: timeout, "flowlint \(arguments)", file: file, line: line)
        let stdoutData = FileManager.default.contents(atPath: stdoutPath) ?? Data()
        let stderrData = FileManager.default.contents(atPath: stderrPath) ?? Data()
        XCTAssertEqual(process.terminationReason, .exit, "flowlint \(arguments) crashed (signal \(process.terminationStatus))",
                       file: file, line: line)
        if !mayModify {
            let after = snapshot()
            XCTAssertEqual(Set(after.keys), Set(before.keys), "files appeared or disappeared", file: file, line: line)
            for (path, (data, date)) in before {
                XCTAssertTrue(after[path]?.0 == data && after[path]?.1 == date, "\(path) was modified", file: file, line: line)
            }
        }
        return Run(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                   stderr: String(decoding: stderrData, as: UTF8.self), stdoutBytes: stdoutData)
    }

    /// How a process ended, outside the harness (which wants files for every stream).
    struct RawRun {
        var reason: Process.TerminationReason
        var status: Int32
        var stderr: String
    }

    /// Runs `/bin/sh -c script` in the scratch directory with `$FLOWLINT` set to the binary, standard error
    /// into a file, and `stdout` as standard output (else a file that is thrown away).
    func shell(_ script: String, stdout: FileHandle? = nil, timeout: TimeInterval = 120,
               file: StaticString = #filePath, line: UInt = #line) throws -> RawRun {
        // The test target depends on the executable, so a missing binary is a broken build, not a reason to skip.
        let binary = try XCTUnwrap(Self.binary, "flowlint binary not found; run `swift build` first or set FLOWLINT_BIN",
                                   file: file, line: line)
        let scratch = NSTemporaryDirectory() + "flowlint-raw-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/stderr", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/stdout", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["FLOWLINT": binary, "XDG_CACHE_HOME": userCache, "XDG_STATE_HOME": userCache + "/state"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try stdout ?? FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/stdout"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/stderr"))
        try process.run()
        wait(for: process, timeout: timeout, script, file: file, line: line)
        let stderr = String(decoding: FileManager.default.contents(atPath: scratch + "/stderr") ?? Data(), as: UTF8.self)
        return RawRun(reason: process.terminationReason, status: process.terminationStatus, stderr: stderr)
    }

    /// Waits for `process` up to `timeout`; one still running then is terminated, and the test fails.
    func wait(for process: Process, timeout: TimeInterval, _ what: String, file: StaticString, line: UInt) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("\(what) did not finish within \(Int(timeout)) s", file: file, line: line)
        }
    }

    /// The JSON report's diagnostics (fails the test when stdout is not one complete JSON document).
    func diagnostics(_ run: Run, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any],
              object["version"] as? Int == 1, let diagnostics = object["diagnostics"] as? [[String: Any]] else {
            XCTFail("standard output is not a complete JSON report: \(run.stdout.prefix(300))", file: file, line: line)
            return []
        }
        return diagnostics
    }

    /// A view that creates its @ObservedObject: the finding every FlowLint build reports once the rules land.
    static let badView = """
        import SwiftUI

        final class Store: ObservableObject { @Published var count = 0 }

        struct ContentView: View {
            @ObservedObject var store = Store()
            var body: some View { Button("\\(store.count)") { store.count += 1 } }
        }

        """

    static let goodView = """
        import SwiftUI

        struct ContentView: View {
            var body: some View { Text("hi") }
        }

        """
}
