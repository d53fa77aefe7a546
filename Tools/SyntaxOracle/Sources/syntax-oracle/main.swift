import FlowLintSide
import Foundation
import OracleCore
import SwiftSyntaxSide

let usage = """
    usage: syntax-oracle <command> DIR [options]

      compare DIR [--limit N] [--show K] [--tokens-only | --outline-only] [--only TEXT] [--jobs N] [--skip PATH]... [--timeout S]
          Compare FlowLint's token stream and declaration outline with swift-syntax's for every .swift file
          under DIR; print the match rate and the difference classes with K examples each (default 3).
          --only TEXT shows examples only for classes whose signature contains TEXT. A file that takes more than
          S seconds (default 20) is reported as a hang and given up on.
      bench DIR [--limit N] [--runs R] [--jobs N] [--no-swift-syntax]
          Time swift-syntax's lexer and parser and FlowLint's on all files in memory (best of R runs, default 3).
      roundtrip DIR [--limit N]
          Check that FlowLint's tokens plus gaps give back every file's bytes, gaps are trivia, and
          tokenize + parse do not crash.
      dump-tokens FILE        both token streams side by side
      dump-outline FILE       both outlines side by side
      selftest                the oracle's outline rules on a built-in sample with a hand-checked expected outline

    """

var args = Array(CommandLine.arguments.dropFirst())
if args.first == "selftest" { exit(SelfTest.run()) }
guard args.count >= 2 else {
    fputs(usage, stderr)
    exit(2)
}
let command = args.removeFirst()
let dir = args.removeFirst()

func intOption(_ name: String) -> Int? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return nil }
    return v
}
func stringOptions(_ name: String) -> [String] {
    var out: [String] = []
    var i = 0
    while i < args.count {
        if args[i] == name && i + 1 < args.count {
            out.append(args[i + 1])
            i += 2
        } else {
            i += 1
        }
    }
    return out
}
func flag(_ name: String) -> Bool { args.contains(name) }

switch command {
case "compare":
    var o = CompareOptions()
    o.dir = dir
    o.limit = intOption("--limit")
    o.show = intOption("--show") ?? 3
    o.jobs = intOption("--jobs") ?? o.jobs
    if flag("--tokens-only") { o.outline = false }
    if flag("--outline-only") { o.tokens = false }
    o.only = stringOptions("--only").first
    if let t = intOption("--timeout") { o.timeout = Double(t) }
    o.skip = Set(stringOptions("--skip").map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    exit(Compare.run(o))
case "bench":
    var o = BenchOptions()
    o.dir = dir
    o.limit = intOption("--limit")
    o.runs = intOption("--runs") ?? 3
    o.jobs = intOption("--jobs") ?? o.jobs
    o.swiftSyntax = !flag("--no-swift-syntax")
    exit(Bench.run(o))
case "roundtrip":
    exit(RoundTrip.run(dir: dir, limit: intOption("--limit")))
case "roundtrip-worker":
    exit(RoundTrip.worker(dir: dir, start: intOption("--start") ?? 0, limit: intOption("--limit")))
case "dump-tokens":
    guard let bytes = Corpus.load(dir) else { fputs("cannot read \(dir)\n", stderr); exit(2) }
    bytes.withUnsafeBufferPointer { buf in
        let lines = Lines(buf)
        let ss = SwiftSyntaxSide.tokens(buf)
        let fl = FlowLintSide.tokens(buf)
        print(String(format: "%-8@ %-44@ %@", "line:col" as NSString, "swift-syntax" as NSString, "FlowLint" as NSString))
        for i in 0..<max(ss.count, fl.count) {
            func cell(_ t: OToken?) -> String { t.map { "\($0.detail) `\(visible(buf, $0.offset..<$0.end, max: 24))`" } ?? "" }
            let a = i < ss.count ? ss[i] : nil, b = i < fl.count ? fl[i] : nil
            let off = a?.offset ?? b!.offset
            let mark = (a != nil && b != nil && a!.same(as: b!)) ? " " : "≠"
            print(String(format: "%-8@ %-44@%@ %@", "\(lines.line(of: off)):\(lines.column(of: off))" as NSString, cell(a) as NSString, mark as NSString, cell(b) as NSString))
        }
    }
case "dump-outline":
    guard let bytes = Corpus.load(dir) else { fputs("cannot read \(dir)\n", stderr); exit(2) }
    let ss = bytes.withUnsafeBufferPointer { SwiftSyntaxSide.outline($0) }
    let fl = FlowLintSide.outline(FlowLintFile(path: dir, bytes: bytes))
    if ss.hasError { print("(swift-syntax reports syntax errors in this file)") }
    for i in 0..<max(ss.entries.count, fl.count) {
        let a = i < ss.entries.count ? ss.entries[i].description : ""
        let b = i < fl.count ? fl[i].description : ""
        print(String(format: "%-50@ %@ %@", a as NSString, (a == b ? " " : "≠") as NSString, b as NSString))
    }
default:
    fputs(usage, stderr)
    exit(2)
}
