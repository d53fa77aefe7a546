import FlowLintSide
import Foundation
import OracleCore
import SwiftSyntaxSide

struct BenchOptions {
    var dir = ""
    var limit: Int?
    var runs = 3
    var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var swiftSyntax = true
}

enum Bench {
    struct Row {
        var name: String
        var threads: Int
        var seconds: Double
        var count: Int  // tokens or nodes, to check the work was done
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Best wall time of `runs` runs.
    static func best(_ runs: Int, _ body: () -> Int) -> (Double, Int) {
        var bestT = Double.infinity
        var count = 0
        for _ in 0..<max(1, runs) {
            let t0 = now()
            count = body()
            bestT = min(bestT, now() - t0)
        }
        return (bestT, count)
    }

    static func peakRSSBytes() -> Int {
        var u = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Int(u.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &u)
        return Int(u.ru_maxrss)
        #endif
    }

    static func run(_ o: BenchOptions) -> Int32 {
        let files = Corpus.loadAll(under: o.dir, limit: o.limit)
        if files.isEmpty {
            fputs("no .swift files under \(o.dir)\n", stderr)
            return 2
        }
        CrashReporter.install(paths: files.map(\.path), workers: 1)
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let lines = files.reduce(0) { $0 + $1.lineCount }
        let mb = Double(bytes) / 1e6
        let flFiles = files.map { FlowLintFile(path: $0.path, bytes: $0.bytes) }
        let rssAfterLoad = peakRSSBytes()
        print("syntax-oracle bench \(o.dir)")
        print(String(format: "files: %d  lines: %d  MB: %.1f  (best of %d runs; %d cores for the parallel rows)", files.count, lines, mb, o.runs, o.jobs))
        fflush(stdout)

        var rows: [Row] = []
        func measure(_ name: String, threads: Int, _ body: () -> Int) {
            let (t, c) = best(o.runs, body)
            rows.append(Row(name: name, threads: threads, seconds: t, count: c))
            fputs("  \(name) (\(threads) thread\(threads == 1 ? "" : "s")): " + String(format: "%.3f s\n", t), stderr)
        }
        func serial(_ f: (Int) -> Int) -> Int {
            var n = 0
            for i in files.indices {
                CrashReporter.begin(worker: 0, file: i)
                n += f(i)
            }
            CrashReporter.end(worker: 0)
            return n
        }
        func parallel(_ f: @escaping (Int) -> Int) -> Int {
            var counts = [Int](repeating: 0, count: files.count)
            counts.withUnsafeMutableBufferPointer { c in
                DispatchQueue.concurrentPerform(iterations: files.count) { i in c[i] = f(i) }
            }
            return counts.reduce(0, +)
        }

        if o.swiftSyntax {
            measure("swift-syntax lexer", threads: 1) {
                serial { i in files[i].bytes.withUnsafeBufferPointer { SwiftSyntaxSide.countTokens($0) } }
            }
            measure("swift-syntax parse", threads: 1) {
                serial { i in files[i].bytes.withUnsafeBufferPointer { SwiftSyntaxSide.parseCount($0) } }
            }
        }
        measure("FlowLint tokenize", threads: 1) { serial { FlowLintSide.countTokens(flFiles[$0]) } }
        measure("FlowLint parse", threads: 1) { serial { FlowLintSide.parseCount(flFiles[$0]) } }
        measure("FlowLint tokenize", threads: o.jobs) { parallel { FlowLintSide.countTokens(flFiles[$0]) } }
        measure("FlowLint parse", threads: o.jobs) { parallel { FlowLintSide.parseCount(flFiles[$0]) } }

        print("")
        func pad(_ s: String, _ w: Int, left: Bool = false) -> String {
            let p = String(repeating: " ", count: max(0, w - s.count))
            return left ? s + p : p + s
        }
        print(pad("measurement", 20, left: true) + pad("threads", 8) + pad("seconds", 10) + pad("MB/s", 10) + pad("lines/s", 12) + pad("count", 14))
        for r in rows {
            print(pad(r.name, 20, left: true) + pad("\(r.threads)", 8) + pad(String(format: "%.3f", r.seconds), 10)
                  + pad(String(format: "%.1f", mb / r.seconds), 10) + pad(String(format: "%.0f", Double(lines) / r.seconds), 12) + pad("\(r.count)", 14))
        }
        func t(_ name: String, _ threads: Int) -> Double? { rows.first { $0.name == name && $0.threads == threads }?.seconds }
        print("")
        if let a = t("swift-syntax lexer", 1), let b = t("FlowLint tokenize", 1) {
            print(String(format: "FlowLint tokenize vs swift-syntax lexer: %.2fx faster (target >= 3x: %@)", a / b, (a / b >= 3 ? "met" : "NOT met") as NSString))
        }
        if let a = t("swift-syntax parse", 1), let b = t("FlowLint parse", 1) {
            print(String(format: "FlowLint parse vs swift-syntax parse:    %.2fx faster (target >= 5x: %@)", a / b, (a / b >= 5 ? "met" : "NOT met") as NSString))
        }
        print(String(format: "peak RSS: %.1f MB (after loading the corpus: %.1f MB)", Double(peakRSSBytes()) / 1e6, Double(rssAfterLoad) / 1e6))
        return 0
    }
}
