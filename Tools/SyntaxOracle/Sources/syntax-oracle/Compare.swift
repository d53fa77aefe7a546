import FlowLintSide
import Foundation
import OracleCore
import SwiftSyntaxSide

struct CompareOptions {
    var dir = ""
    var limit: Int?
    var show = 3
    var tokens = true
    var outline = true
    var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var only: String?  // show only classes whose signature contains this
    var skip: Set<String> = []
    var timeout = 20.0  // seconds per file before it is reported as a hang
}

/// The first difference found in one file, one per aspect (tokens, outline).
struct Difference {
    var signature: String
    var path: String
    var line: Int
    var column: Int
    /// Ready-to-print example lines (indented by the printer).
    var detail: [String]
}

struct FileResult {
    var tokensCompared = false
    var tokensMatch = true
    var outlineCompared = false
    var outlineMatch = true
    var swiftSyntaxHasErrors = false
    var ssTokens = 0
    var flTokens = 0
    var ssEntries = 0
    var diffs: [Difference] = []
}

enum Compare {
    static func run(_ o: CompareOptions) -> Int32 {
        var paths = Corpus.paths(under: o.dir).filter { !o.skip.contains($0) }
        if let l = o.limit, paths.count > l { paths = Array(paths.prefix(l)) }
        if paths.isEmpty {
            fputs("no .swift files under \(o.dir)\n", stderr)
            return 2
        }
        let doTokens = o.tokens
        let doOutline = o.outline

        CrashReporter.install(paths: paths, workers: CrashReporter.maxWorkers)
        let start = Date()
        let pool = Pool<FileResult>(
            count: paths.count, jobs: o.jobs, timeout: o.timeout,
            work: { i, pool in compareFile(paths[i], tokens: doTokens, outline: doOutline) { pool.phase[i] = $0 } },
            onHang: { i, phase in
                var r = FileResult()
                r.tokensMatch = false
                r.outlineMatch = false
                r.tokensCompared = doTokens
                r.outlineCompared = doOutline
                let stage = ["starting", "swift-syntax lexer", "FlowLint tokenize", "swift-syntax parse", "FlowLint parse + outline"][min(phase, 4)]
                r.diffs.append(Difference(signature: "hang: \(stage) did not finish within \(Int(o.timeout)) s", path: paths[i], line: 1, column: 1,
                                          detail: ["(given up on; its thread was abandoned: rerun with --skip \(paths[i]) to free the core)"]))
                return r
            })
        let (results, hung) = pool.run()
        if !hung.isEmpty { print("gave up on \(hung.count) file(s) after \(Int(o.timeout)) s: " + hung.map { paths[$0] }.joined(separator: ", ")) }
        let elapsed = Date().timeIntervalSince(start)
        report(paths: paths, results: results, options: o, tokens: doTokens, outline: doOutline, elapsed: elapsed)
        return 0
    }

    static func compareFile(_ path: String, tokens: Bool, outline: Bool, phase: (Int) -> Void = { _ in }) -> FileResult {
        var r = FileResult()
        guard let bytes = Corpus.load(path) else {
            r.diffs.append(Difference(signature: "unreadable file", path: path, line: 0, column: 0, detail: []))
            r.tokensMatch = false
            return r
        }
        bytes.withUnsafeBufferPointer { buf in
            var lines: Lines?
            func getLines() -> Lines {
                if let l = lines { return l }
                let l = Lines(buf)
                lines = l
                return l
            }
            if tokens {
                r.tokensCompared = true
                phase(1)
                let ss = SwiftSyntaxSide.tokens(buf)
                phase(2)
                let fl = FlowLintSide.tokens(buf)
                r.ssTokens = ss.count
                r.flTokens = fl.count
                if let d = tokenDifference(ss: ss, fl: fl, buf: buf, lines: getLines(), path: path) {
                    r.tokensMatch = false
                    r.diffs.append(d)
                }
            }
            if outline {
                r.outlineCompared = true
                phase(3)
                let (ss, hasError) = SwiftSyntaxSide.outline(buf)
                r.swiftSyntaxHasErrors = hasError
                r.ssEntries = ss.count
                phase(4)
                let fl = FlowLintSide.outline(FlowLintFile(path: path, bytes: bytes))
                if var d = outlineDifference(ss: ss, fl: fl, buf: buf, lines: getLines(), path: path) {
                    if hasError { d.detail.append("(swift-syntax reports syntax errors in this file)") }
                    r.outlineMatch = false
                    r.diffs.append(d)
                }
            }
        }
        return r
    }

    // MARK: Tokens

    static func tokenDifference(ss: [OToken], fl: [OToken], buf: UnsafeBufferPointer<UInt8>, lines: Lines, path: String) -> Difference? {
        let n = min(ss.count, fl.count)
        var i = 0
        while i < n && ss[i].same(as: fl[i]) { i += 1 }
        if i == n && ss.count == fl.count { return nil }
        let a: OToken? = i < ss.count ? ss[i] : nil
        let b: OToken? = i < fl.count ? fl[i] : nil
        let sig = tokenSignature(ss: a, fl: b, buf: buf)
        let at = min(a?.offset ?? Int.max, b?.offset ?? Int.max)
        let offset = at == Int.max ? buf.count : at
        let line = lines.line(of: offset)
        let col = offset - lines.starts[line - 1] + 1
        var detail: [String] = []
        detail.append("first difference at token #\(i) (byte \(offset)); swift-syntax has \(ss.count) tokens, FlowLint \(fl.count)")
        detail += sourceLines(buf: buf, lines: lines, line: line, column: col)
        detail.append("swift-syntax: " + window(ss, i, buf))
        detail.append("FlowLint:     " + window(fl, i, buf))
        return Difference(signature: "tokens: " + sig, path: path, line: line, column: col, detail: detail)
    }

    /// Punctuation, directives and unknown bytes are grouped by text too (few distinct values); other classes by kind only.
    static func label(_ t: OToken, _ buf: UnsafeBufferPointer<UInt8>) -> String {
        switch t.kind {
        case .punct, .directive, .unknown: return "\(t.detail) `\(visible(buf, t.offset..<t.end, max: 12))`"
        default: return t.detail
        }
    }

    static func tokenSignature(ss: OToken?, fl: OToken?, buf: UnsafeBufferPointer<UInt8>) -> String {
        switch (ss, fl) {
        case (nil, let b?): return "FlowLint has extra tokens at the end, from \(label(b, buf))"
        case (let a?, nil): return "FlowLint stops early, swift-syntax goes on with \(label(a, buf))"
        case (let a?, let b?):
            if a.offset == b.offset && a.kind == b.kind {
                let which = a.length > b.length ? "FlowLint's is shorter" : "FlowLint's is longer"
                if a.kind == .punct { return "\(label(a, buf)) vs \(label(b, buf))" }
                return "\(a.detail) vs \(b.detail): same start, \(which)"
            }
            if a.offset == b.offset { return "\(label(a, buf)) vs \(label(b, buf))" }
            let which = b.offset < a.offset ? "FlowLint starts a token earlier" : "FlowLint starts a token later"
            return "\(which): \(label(a, buf)) vs \(label(b, buf))"
        default: return "?"
        }
    }

    static func window(_ toks: [OToken], _ i: Int, _ buf: UnsafeBufferPointer<UInt8>) -> String {
        let lo = max(0, i - 2), hi = min(toks.count, i + 4)
        var parts: [String] = []
        if lo > 0 { parts.append("…") }
        for j in lo..<hi {
            let t = toks[j]
            let s = "\(t.detail)@\(t.offset)`\(visible(buf, t.offset..<t.end, max: 24))`"
            parts.append(j == i ? ">>" + s + "<<" : s)
        }
        if i >= toks.count { parts.append(">>(end)<<") }
        if hi < toks.count { parts.append("…") }
        return parts.joined(separator: " ")
    }

    static func sourceLines(buf: UnsafeBufferPointer<UInt8>, lines: Lines, line: Int, column: Int) -> [String] {
        let start = lines.starts[line - 1]
        var end = line < lines.count ? lines.starts[line] : buf.count
        while end > start && (buf[end - 1] == 10 || buf[end - 1] == 13) { end -= 1 }
        let text = visible(buf, start..<end, max: 160)
        // The caret column counts characters, as the text is printed decoded.
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<min(start + column - 1, end)]), as: UTF8.self)
        let pad = String(repeating: " ", count: min(prefix.count, 160))
        return ["| " + text, "| " + pad + "^"]
    }

    // MARK: Outline

    static func outlineDifference(ss: [OEntry], fl: [OEntry], buf: UnsafeBufferPointer<UInt8>, lines: Lines, path: String) -> Difference? {
        let n = min(ss.count, fl.count)
        var i = 0
        while i < n && ss[i] == fl[i] { i += 1 }
        if i == n && ss.count == fl.count { return nil }
        let a: OEntry? = i < ss.count ? ss[i] : nil
        let b: OEntry? = i < fl.count ? fl[i] : nil
        var sig: String
        switch (a, b) {
        case (nil, let b?): sig = "FlowLint has an extra \(b.kind)"
        case (let a?, nil): sig = "FlowLint misses a \(a.kind)"
        case (let a?, let b?):
            if i + 1 < ss.count && ss[i + 1] == b {
                sig = "FlowLint misses a \(a.kind)"
            } else if i + 1 < fl.count && fl[i + 1] == a {
                sig = "FlowLint has an extra \(b.kind)"
            } else if a.kind != b.kind {
                sig = "kind \(a.kind) vs \(b.kind)"
            } else if a.name != b.name {
                sig = "\(a.kind) name differs"
            } else if a.attributes != b.attributes {
                sig = "\(a.kind) attributes differ"
            } else {
                sig = "\(a.kind) line differs"
            }
        default: sig = "?"
        }
        let line = a?.line ?? b?.line ?? 1
        var detail: [String] = ["first difference at entry #\(i); swift-syntax has \(ss.count) entries, FlowLint \(fl.count)"]
        detail += sourceLines(buf: buf, lines: lines, line: min(max(1, line), lines.count), column: 1).prefix(1)
        detail.append("swift-syntax: " + entryWindow(ss, i))
        detail.append("FlowLint:     " + entryWindow(fl, i))
        return Difference(signature: "outline: " + sig, path: path, line: line, column: 1, detail: detail)
    }

    static func entryWindow(_ e: [OEntry], _ i: Int) -> String {
        let lo = max(0, i - 1), hi = min(e.count, i + 3)
        var parts: [String] = []
        if lo > 0 { parts.append("…") }
        for j in lo..<hi { parts.append(j == i ? ">>\(e[j])<<" : "\(e[j])") }
        if i >= e.count { parts.append(">>(end)<<") }
        if hi < e.count { parts.append("…") }
        return parts.joined(separator: " | ")
    }

    // MARK: Report

    static func report(paths: [String], results: [FileResult], options o: CompareOptions, tokens: Bool, outline: Bool, elapsed: Double) {
        let files = results.count
        let matched = results.filter { $0.diffs.isEmpty }.count
        let tokMatched = results.filter { $0.tokensCompared && $0.tokensMatch }.count
        let outMatched = results.filter { $0.outlineCompared && $0.outlineMatch }.count
        let ssErrors = results.filter { $0.swiftSyntaxHasErrors }.count
        func pct(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.2f%%", 100.0 * Double(a) / Double(b)) }

        print("syntax-oracle compare \(o.dir)")
        print("compared: \(tokens ? "tokens" : "")\(tokens && outline ? " + " : "")\(outline ? "outline" : "")\(!tokens && !outline ? "nothing" : "")  (\(String(format: "%.1f", elapsed)) s, \(o.jobs) jobs)")
        print("files:    \(files)")
        print("matched:  \(matched)")
        print("rate:     \(pct(matched, files))")
        if tokens { print("  tokens equal:  \(tokMatched) / \(files) (\(pct(tokMatched, files)))  tokens: swift-syntax \(results.reduce(0) { $0 + $1.ssTokens }), FlowLint \(results.reduce(0) { $0 + $1.flTokens })") }
        if outline { print("  outline equal: \(outMatched) / \(files) (\(pct(outMatched, files)))  entries (swift-syntax): \(results.reduce(0) { $0 + $1.ssEntries }); files swift-syntax finds syntax errors in: \(ssErrors)") }

        var classes: [String: [Difference]] = [:]
        for r in results { for d in r.diffs { classes[d.signature, default: []].append(d) } }
        let sorted = classes.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        if sorted.isEmpty { return }
        print("")
        print("difference classes (first difference per file and aspect): \(sorted.count)")
        for (sig, ds) in sorted {
            print(String(format: "%7d  ", ds.count) + sig)
        }
        for (sig, ds) in sorted {
            if let only = o.only, !sig.contains(only) { continue }
            if o.show == 0 { break }
            print("")
            print("== \(sig)  [\(ds.count) file\(ds.count == 1 ? "" : "s")]")
            for d in ds.prefix(o.show) {
                print("  \(d.path):\(d.line):\(d.column)")
                for l in d.detail { print("    " + l) }
            }
        }
    }
}
