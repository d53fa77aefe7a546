import FlowLintSide
import Foundation
import OracleCore

/// `roundtrip DIR`: for every file, FlowLint's tokens plus the gaps between them give back the bytes exactly,
/// every gap is trivia (whitespace, comments, a leading BOM), and tokenize + parse do not crash.
/// Crashes are survived by running the files in a child process (`roundtrip-worker`) that is restarted after
/// the crashing file.
enum RoundTrip {
    static let hangSeconds = 20.0

    static func run(dir: String, limit: Int?) -> Int32 {
        var paths = Corpus.paths(under: dir)
        if let limit, paths.count > limit { paths = Array(paths.prefix(limit)) }
        var failures: [(String, String)] = []
        var start = 0
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).path
        while start < paths.count {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe.hasPrefix("/") ? exe : FileManager.default.currentDirectoryPath + "/" + exe)
            p.arguments = ["roundtrip-worker", dir, "--start", String(start), "--limit", String(paths.count)]
            let pipe = Pipe()
            p.standardOutput = pipe
            do { try p.run() } catch {
                fputs("cannot start worker: \(error)\n", stderr)
                return 2
            }
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            var next = paths.count
            for line in out.split(separator: "\n") {
                let f = line.split(separator: "\t", maxSplits: 2).map(String.init)
                if f.first == "FAIL", f.count == 3 { failures.append((f[1], f[2])) }
                if f.first == "CRASH", f.count >= 2, let i = Int(f[1]) {
                    failures.append((paths[i], "crashed (signal)"))
                    next = i + 1
                }
                if f.first == "HANG", f.count >= 2, let i = Int(f[1]) {
                    failures.append((paths[i], "tokenize + parse did not finish within \(Int(hangSeconds)) s"))
                    next = i + 1
                }
            }
            if next == paths.count && p.terminationStatus != 0 && !out.contains("DONE") && !out.contains("HANG") && !out.contains("CRASH") {
                fputs("worker exited with status \(p.terminationStatus) without naming a file\n", stderr)
                return 2
            }
            start = next
        }
        let failedFiles = Set(failures.map(\.0))
        print("syntax-oracle roundtrip \(dir)")
        print("files:  \(paths.count)")
        print("ok:     \(paths.count - failedFiles.count)")
        print("failed: \(failedFiles.count)")
        for (path, why) in failures { print("  \(path): \(why)") }
        return failedFiles.isEmpty ? 0 : 1
    }

    /// The child: checks files from `start`, prints `FAIL\tpath\treason` lines, `DONE` at the end.
    static func worker(dir: String, start: Int, limit: Int?) -> Int32 {
        var paths = Corpus.paths(under: dir)
        if let limit, paths.count > limit { paths = Array(paths.prefix(limit)) }
        CrashReporter.machineReadable = true
        CrashReporter.install(paths: paths, workers: 1)
        setvbuf(stdout, nil, _IOLBF, 0)
        // Watchdog: a file that takes more than `hangSeconds` is reported (HANG\tindex) and the worker exits;
        // the parent restarts after it.
        let current = UnsafeMutablePointer<(Int, Double)>.allocate(capacity: 1)
        current.initialize(to: (-1, 0))
        let watchdog = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                let (i, t0) = current.pointee
                if i >= 0 && Pool<Int>.now() - t0 > hangSeconds {
                    print("HANG\t\(i)")
                    fflush(stdout)
                    _exit(3)
                }
            }
        }
        watchdog.start()
        for i in start..<paths.count {
            current.pointee = (i, Pool<Int>.now())
            CrashReporter.begin(worker: 0, file: i)
            guard let bytes = Corpus.load(paths[i]) else {
                print("FAIL\t\(paths[i])\tunreadable")
                continue
            }
            if let why = check(bytes) { print("FAIL\t\(paths[i])\t\(why)") }
            _ = FlowLintSide.parseCount(FlowLintFile(path: paths[i], bytes: bytes))
        }
        CrashReporter.end(worker: 0)
        print("DONE")
        return 0
    }

    /// nil when the file round-trips.
    static func check(_ bytes: [UInt8]) -> String? {
        return bytes.withUnsafeBufferPointer { buf -> String? in
            let toks = FlowLintSide.rawTokens(buf)
            let lines = Lines(buf)
            func at(_ o: Int) -> String { "\(lines.line(of: o)):\(lines.column(of: o))" }
            guard let last = toks.last, last.isEndOfFile else { return "last token is not endOfFile" }
            if last.offset != buf.count || last.length != 0 {
                return "endOfFile at byte \(last.offset) (length \(last.length)), file has \(buf.count) bytes"
            }
            var rebuilt: [UInt8] = []
            rebuilt.reserveCapacity(buf.count)
            var pos = 0
            for (k, t) in toks.enumerated() {
                if t.isEndOfFile && k != toks.count - 1 { return "endOfFile before the end, at \(at(t.offset))" }
                if t.offset < pos { return "token #\(k) \(t.kind) at \(at(t.offset)) overlaps the previous one (ends at byte \(pos))" }
                if t.offset + t.length > buf.count { return "token #\(k) \(t.kind) runs past the end of the file" }
                if t.length == 0 && !t.isEndOfFile { return "empty \(t.kind) token #\(k) at \(at(t.offset))" }
                if let bad = nonTrivia(buf, pos..<t.offset) {
                    return "non-trivia bytes in the gap before token #\(k), at \(at(bad)): `\(visible(buf, bad..<min(t.offset, bad + 20)))`"
                }
                rebuilt.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pos..<t.offset]))
                rebuilt.append(contentsOf: UnsafeBufferPointer(rebasing: buf[t.offset..<t.offset + t.length]))
                pos = t.offset + t.length
            }
            if !rebuilt.elementsEqual(buf) { return "tokens + gaps do not give back the bytes" }
            return nil
        }
    }

    /// The offset of the first byte in `r` that is not trivia (whitespace, // and /* */ comments, BOM at 0).
    static func nonTrivia(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int? {
        var i = r.lowerBound
        let end = r.upperBound
        while i < end {
            let c = b[i]
            switch c {
            case 32, 9, 10, 13, 11, 12, 0: i += 1
            case 0xEF where i == 0 && i + 2 < end && b[1] == 0xBB && b[2] == 0xBF: i += 3
            case UInt8(ascii: "/") where i + 1 < end && b[i + 1] == UInt8(ascii: "/"):
                while i < end && b[i] != 10 && b[i] != 13 { i += 1 }
            case UInt8(ascii: "/") where i + 1 < end && b[i + 1] == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if i + 1 < end && b[i] == UInt8(ascii: "/") && b[i + 1] == UInt8(ascii: "*") {
                        depth += 1
                        i += 2
                    } else if i + 1 < end && b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while depth > 0 && i < end
            default: return i
            }
        }
        return nil
    }
}
