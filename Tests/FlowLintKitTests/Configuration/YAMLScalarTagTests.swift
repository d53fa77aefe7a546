import XCTest
@testable import FlowLintKit

/// `YAMLScalarTag` decides a plain scalar's type as Yams's `Resolver.default` did (FlowLint read its
/// configuration with Yams before `YAMLReader`), without regular expressions: checked against the resolver's
/// own patterns, run by Swift's regular expressions.
final class YAMLScalarTagTests: XCTestCase {
    /// `Resolver.default`'s rules, in its order: each pattern as Yams wrote it inside `^(?:...)$` (ICU syntax).
    static let resolverRules: [(YAMLScalarType, Regex<AnyRegexOutput>)] = [
        (.bool, "yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF"),
        (.int, "[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+"),
        (.float, #"[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?"#
            + #"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"#),
        (.merge, "<<"),
        (.null, "~|null|Null|NULL|"),
        (.timestamp, #"[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"#
            + #"(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?"#),
        (.value, "="),
    ].map { type, pattern in (type, try! Regex(pattern).matchingSemantics(.unicodeScalar)) }

    /// What `Resolver.default` gave a plain, untagged scalar: the first rule whose pattern matches the whole
    /// text, or the text without one line terminator at its end (ICU's `$` also matches before one).
    func resolved(_ text: String) -> YAMLScalarType {
        var candidates = [text]
        var scalars = Array(text.unicodeScalars)
        if let last = scalars.last, [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value) {
            scalars.removeLast()
            if last == "\n", scalars.last == "\r" { scalars.removeLast() }
            candidates.append(String(String.UnicodeScalarView(scalars)))
        }
        for (type, regex) in Self.resolverRules where candidates.contains(where: { $0.wholeMatch(of: regex) != nil }) {
            return type
        }
        return .str
    }

    func assertSameAsResolver(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        var differences: [String] = []
        for text in texts {
            let expected = resolved(text), actual = YAMLScalarTag.of(plain: text)
            if expected != actual { differences.append("\(text.debugDescription): resolver \(expected.rawValue), YAMLScalarTag \(actual.rawValue)") }
        }
        XCTAssertEqual(differences, [], file: file, line: line)
    }

    /// The oracle itself, on texts whose type YAML 1.1 fixes.
    func testTheResolversPatternsAsRun() {
        XCTAssertEqual(["yes", "1", "0x1F", "1:30", "1.5", ".inf", "<<", "~", "", "2002-12-14", "=", "warning", "1\n", "1\r\n", "1\n\n"].map(resolved),
                       [.bool, .int, .int, .int, .float, .float, .merge, .null, .null, .timestamp, .value, .str, .int, .int, .str])
    }

    func testEachPatternsEdgeCases() {
        assertSameAsResolver([
            // bool
            "yes", "Yes", "YES", "yES", "no", "No", "NO", "true", "True", "TRUE", "tRUE", "false", "on", "On", "ON",
            "off", "Off", "OFF", "y", "n", "truth",
            // int
            "0", "00", "012", "09", "0o17", "0o", "0o8", "-0o7", "0b", "0b1", "0b_", "-0b101", "+0b2", "0x", "0x_",
            "0xFF", "0xfg", "-0x1f", "1", "-1", "+1", "1_000", "1__", "_1", "+0", "-0", "01_", "190:20:30", "1:60",
            "1:59", "1:5:59", "1:", "1::2", "0:30", "-1:30", "1_2:3", "1:123", "1:6", "1:06", "1:66",
            // float
            "1.5", "1.", "1.e5", "1e5", "1E5", "1e+5", "1e-5", "1e", "1e+", "-1.5e3", "1_0.0_1", ".5", "._", "._1",
            ".5e3", ".5e+3", ".5e-3", "+.5", "-.5", "1:30.5", "1:30.", "-1:30.5", "1:30.5.5", ".inf", ".Inf",
            ".INF", "-.inf", "+.Inf", ".iNF", "inf", ".nan", ".NaN", ".NAN", "-.nan", ".nAn", "1.5.5", "1..5",
            // merge, null, value
            "<<", "<", "<<<", "~", "null", "Null", "NULL", "nULL", "", " ", "=", "==",
            // timestamp
            "2002-12-14", "2002-1-14", "02-12-14", "2002-12-14t21:59:43.10-05:00", "2001-12-14T21:59:43.10Z",
            "2001-12-14 21:59:43.10 -5", "2001-12-14 21:59:43.10 -5:00", "2001-12-14  21:59:43", "2001-1-4 1:59:43",
            "2001-12-14T21:59:43.", "2001-12-14T21:59:43 ", "2001-12-14T21:59:43Z ", "2001-12-14T21:59:43 Z",
            "2001-12-14T21:59:43+5:0", "2001-12-14T21:59:43+05:00:00", "2001-12-14T21:59", "2001-12-14T",
            "2001-12-14T21:59:43\t-05", "2001-12-14T21:59:43.123456789",
            // line terminators at the end (ICU's `$` matches before one)
            "yes\n", "1\n", "1\r\n", "1\n\n", "1\r", "1\u{85}", "1\u{2028}", "1\u{2029}", "1\u{0B}", "1\u{0C}",
            "\n", "~\n", "null\r\n", "1.5\n", "2002-12-14\n", "<<\n", "=\n", "\r\n", "1\n\r",
            // strings
            "hello", "warning", "error", "Sources/**", "a b", "1 2", "0x1 ", " 1", "١٢", "１",
        ])
    }

    /// Every text of up to three characters from the characters the patterns look at.
    func testShortTextsExhaustively() {
        let alphabet = ["0", "1", "5", "7", "9", "_", "-", "+", ".", ":", "e", "E", "x", "b", "o", "f", "T", "Z",
                        "n", "~", "<", "=", " ", "\t", "\n", "\r", "a"]
        var texts = [""]
        var previous = [""]
        for _ in 1...3 {
            previous = previous.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += previous
        }
        assertSameAsResolver(texts)
    }

    /// Longer numbers and times, built from parts.
    func testComposedNumbersAndTimes() {
        let signs = ["", "-", "+"]
        let integers = ["0", "1", "12", "1_2", "007"]
        let fractions = ["", ".", ".5", ".5_"]
        let exponents = ["", "e5", "E-5", "e+05", "e"]
        let groups = ["", ":5", ":59", ":60", ":5:30", ":"]
        var texts: [String] = []
        for sign in signs {
            for integer in integers {
                for group in groups {
                    for fraction in fractions {
                        for exponent in exponents { texts.append(sign + integer + group + fraction + exponent) }
                    }
                }
            }
        }
        for date in ["2024-01-02", "2024-1-2", "2024-01-2"] {
            for separator in ["T", "t", " ", "  ", "\t", ""] {
                for time in ["1:02:03", "12:02:03", "1:2:03", "12:02:03.5", "12:02:03."] {
                    for zone in ["", "Z", " Z", "+1", "-01", "+01:00", "+01:0", " ", "z"] {
                        texts.append(date + separator + time + zone)
                    }
                }
            }
        }
        assertSameAsResolver(texts)
    }
}
