// RuleDocumentBundler RULES_DIRECTORY OUTPUT_FILE
//
// Writes OUTPUT_FILE, a Swift source holding every rule document `RULES_DIRECTORY/<rule_id>.md` as a string
// literal, for FlowLintKit's `RuleDocument.markdown(ruleID:)`. The `RuleDocumentsPlugin` build-tool plugin runs
// it into the build directory whenever a document changes, so the documents are compiled into the one
// `flowlint` binary and nothing generated is committed.
//
// Each literal is an ordinary one-line string literal with escapes, so any document comes back byte for byte
// (a multi-line literal would turn "\r\n" into "\n", and a raw one needs a delimiter the text lacks). The file
// is rewritten only when its content changes, so an edit that leaves the documents as they were (or a file
// added next to them that is not a rule document) compiles nothing again.
//
// Exit status: 0 written or up to date; 1 a document cannot be read or is not UTF-8, or the output cannot be
// written; 2 bad arguments.
#if canImport(FoundationEssentials)
import FoundationEssentials  // Linux: files and data without the rest of Foundation
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rule id: snake_case. A README or an index in the directory is not a rule document.
func isRuleID(_ name: Substring) -> Bool {
    guard let first = name.first, first.isASCII, first.isLowercase else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
}

/// `text` as a Swift string literal: quotes and backslashes escaped, control characters as `\u{…}`.
func literal(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func fail(_ message: String, status: Int32) -> Never {
    fputs("RuleDocumentBundler: \(message)\n", stderr)
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: RuleDocumentBundler RULES_DIRECTORY OUTPUT_FILE", status: 2) }
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let output = URL(fileURLWithPath: arguments[2])

let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
} catch {
    fail("cannot list \(directory.path): \(error)", status: 1)
}
let ids = names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.filter { isRuleID(Substring($0)) }.sorted()

var source = """
    // Generated at build time by RuleDocumentBundler (run by the RuleDocumentsPlugin build-tool plugin) from
    // rules/*.md. Not committed: edit the documents.

    enum BundledRuleDocuments {
        static func markdown(ruleID: String) -> String? {
            switch ruleID {

    """
for id in ids {
    let path = directory.appendingPathComponent("\(id).md").path
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)", status: 1) }
    let markdown = String(decoding: data, as: UTF8.self)
    // Decoding repairs what is not UTF-8; the bytes would no longer be the document's.
    guard markdown.utf8.elementsEqual(data) else { fail("\(path) is not UTF-8", status: 1) }
    source += "        case \(literal(id)): return \(literal(markdown))\n"
}
source += """
            default: return nil
            }
        }
    }

    """

let bytes = Data(source.utf8)
if FileManager.default.contents(atPath: output.path) != bytes {
    do {
        try bytes.write(to: output, options: .atomic)
    } catch {
        fail("cannot write \(output.path): \(error)", status: 1)
    }
}
