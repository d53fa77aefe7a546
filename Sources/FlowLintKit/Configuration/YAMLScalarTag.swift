/// The type YAML 1.1 gives a scalar, by the names of its tags (`tag:yaml.org,2002:int` is `int`).
enum YAMLScalarType: String {
    case str, bool, int, float, merge, null, timestamp, value
}

/// The type YAML gives a plain (unquoted, untagged) scalar: what Yams's `Resolver.default` decided (FlowLint
/// read its configuration with Yams until `YAMLReader` replaced it), written as code instead of its seven
/// regular expressions: the same rules in the same order (bool, int, float, merge, null, timestamp, value; the
/// first that matches wins, else `str`). `YAMLScalarTagTests` checks it against those regular expressions on
/// every pattern's edge cases.
///
/// Each pattern is anchored (`^(?:...)$`, ICU syntax, no options): `$` also matches before one line
/// terminator that ends the text, so one is set aside before matching.
enum YAMLScalarTag {
    static func of(plain text: String) -> YAMLScalarType {
        var characters = Array(text.unicodeScalars)
        if let last = characters.last, isLineTerminator(last) {
            characters.removeLast()
            if last == "\n", characters.last == "\r" { characters.removeLast() }
        }
        var scanner = Scanner(characters)
        if scanner.isBool() { return .bool }
        if scanner.isInt() { return .int }
        if scanner.isFloat() { return .float }
        if characters == ["<", "<"] { return .merge }
        if ["", "~", "null", "Null", "NULL"].contains(String(String.UnicodeScalarView(characters))) { return .null }
        if scanner.isTimestamp() { return .timestamp }
        if characters == ["="] { return .value }
        return .str
    }

    /// ICU's line terminators: `\n`, `\v`, `\f`, `\r`, U+0085, U+2028, U+2029 (and `\r\n` as one).
    private static func isLineTerminator(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Full-text matchers over the characters, one per pattern; each starts from the beginning.
    private struct Scanner {
        let characters: [Unicode.Scalar]
        var position = 0

        init(_ characters: [Unicode.Scalar]) { self.characters = characters }

        var atEnd: Bool { position == characters.count }
        var next: Unicode.Scalar? { atEnd ? nil : characters[position] }

        /// Takes the next character if `accepts` it.
        mutating func take(_ accepts: (Unicode.Scalar) -> Bool) -> Bool {
            guard let c = next, accepts(c) else { return false }
            position += 1
            return true
        }
        mutating func take(_ c: Unicode.Scalar) -> Bool { take { $0 == c } }
        /// Takes characters while `accepts` them; how many.
        @discardableResult
        mutating func takeAll(_ accepts: (Unicode.Scalar) -> Bool) -> Int {
            let start = position
            while take(accepts) {}
            return position - start
        }
        /// Runs `match` from the beginning: whether it took the whole text.
        mutating func whole(_ match: (inout Scanner) -> Bool) -> Bool {
            position = 0
            return match(&self) && atEnd
        }

        static func digit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        static func digitOrUnderscore(_ c: Unicode.Scalar) -> Bool { digit(c) || c == "_" }
        static func sign(_ c: Unicode.Scalar) -> Bool { c == "-" || c == "+" }
        static func blank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }

        /// `yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF`
        func isBool() -> Bool {
            let words = ["yes", "no", "true", "false", "on", "off"]
            let text = String(String.UnicodeScalarView(characters))
            return words.contains { [$0, $0.prefix(1).uppercased() + $0.dropFirst(), $0.uppercased()].contains(text) }
        }

        /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(?:0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+
        ///  | [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+`
        mutating func isInt() -> Bool {
            func signed(_ body: @escaping (inout Scanner) -> Bool) -> (inout Scanner) -> Bool {
                { s in _ = s.take(Scanner.sign); return body(&s) }
            }
            let binary = signed { s in s.take("0") && s.take("b") && s.takeAll { $0 == "0" || $0 == "1" || $0 == "_" } > 0 }
            let octal = signed { s in
                guard s.take("0") else { return false }
                _ = s.take("o")
                return s.takeAll { ("0"..."7").contains($0) || $0 == "_" } > 0
            }
            let decimal = signed { s in
                if s.take("0") { return true }
                return s.take { ("1"..."9").contains($0) } && s.takeAll(Scanner.digitOrUnderscore) >= 0
            }
            let hexadecimal = signed { s in
                s.take("0") && s.take("x")
                    && s.takeAll { Scanner.digit($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) || $0 == "_" } > 0
            }
            let sexagesimal = signed { s in
                guard s.take({ ("1"..."9").contains($0) }) else { return false }
                s.takeAll(Scanner.digitOrUnderscore)
                return s.sexagesimalGroups()
            }
            return [binary, octal, decimal, hexadecimal, sexagesimal].contains { whole($0) }
        }

        /// `(?::[0-5]?[0-9])+` to the end of the text, or followed by what `rest` takes to the end.
        /// `[0-5]?[0-9]` is one digit, or two with the first 0 to 5.
        mutating func sexagesimalGroups(then rest: ((inout Scanner) -> Bool)? = nil) -> Bool {
            // Each group is ":" and one or two digits; the split into groups is fixed by the colons, so only
            // a group's length (the regular expression could take one digit or two) is a choice: a group is
            // two digits when the second is a digit and the first is 0 to 5, which is the only way the text
            // can continue (a digit cannot follow a group except as its second digit).
            var groups = 0
            while take(":") {
                guard let first = next, Scanner.digit(first) else { return false }
                position += 1
                if let second = next, Scanner.digit(second), ("0"..."5").contains(first) { position += 1 }
                groups += 1
            }
            guard groups > 0 else { return false }
            return rest.map { $0(&self) } ?? true
        }

        /// `[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)? | \.[0-9_]+(?:[eE][-+][0-9]+)?
        ///  | [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)`
        mutating func isFloat() -> Bool {
            let decimal: (inout Scanner) -> Bool = { s in
                _ = s.take(Scanner.sign)
                guard s.take(Scanner.digit) else { return false }
                s.takeAll(Scanner.digitOrUnderscore)
                if s.take(".") { s.takeAll(Scanner.digitOrUnderscore) }
                if s.take({ $0 == "e" || $0 == "E" }) {
                    _ = s.take(Scanner.sign)
                    return s.takeAll(Scanner.digit) > 0
                }
                return true
            }
            let fraction: (inout Scanner) -> Bool = { s in
                guard s.take("."), s.takeAll(Scanner.digitOrUnderscore) > 0 else { return false }
                if s.take({ $0 == "e" || $0 == "E" }) {
                    return s.take(Scanner.sign) && s.takeAll(Scanner.digit) > 0
                }
                return true
            }
            let sexagesimal: (inout Scanner) -> Bool = { s in
                _ = s.take(Scanner.sign)
                guard s.take(Scanner.digit) else { return false }
                s.takeAll(Scanner.digitOrUnderscore)
                return s.sexagesimalGroups { s in s.take(".") && s.takeAll(Scanner.digitOrUnderscore) >= 0 }
            }
            let infinity: (inout Scanner) -> Bool = { s in
                _ = s.take(Scanner.sign)
                return s.take(".") && s.word(["inf", "Inf", "INF"])
            }
            let notANumber: (inout Scanner) -> Bool = { s in s.take(".") && s.word(["nan", "NaN", "NAN"]) }
            return [decimal, fraction, sexagesimal, infinity, notANumber].contains { whole($0) }
        }

        /// Takes one of `words` if the text goes on with it.
        mutating func word(_ words: [String]) -> Bool {
            for word in words {
                let scalars = Array(word.unicodeScalars)
                if characters[position...].starts(with: scalars) {
                    position += scalars.count
                    return true
                }
            }
            return false
        }

        /// `[0-9]{4}-[0-9]{2}-[0-9]{2} | [0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}
        ///  (?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?`
        mutating func isTimestamp() -> Bool {
            let date: (inout Scanner) -> Bool = { s in
                s.digits(4) && s.take("-") && s.digits(2) && s.take("-") && s.digits(2)
            }
            let dateTime: (inout Scanner) -> Bool = { s in
                guard s.digits(4), s.take("-"), s.digits(1, 2), s.take("-"), s.digits(1, 2) else { return false }
                guard s.take({ $0 == "T" || $0 == "t" }) || s.takeAll(Scanner.blank) > 0 else { return false }
                guard s.digits(1, 2), s.take(":"), s.digits(2), s.take(":"), s.digits(2) else { return false }
                if s.take(".") { s.takeAll(Scanner.digit) }
                // The time zone, optional: blanks, then `Z` or an offset. Blanks alone (trailing) are not one.
                let beforeZone = s.position
                s.takeAll(Scanner.blank)
                if s.atEnd { return s.position == beforeZone }
                if s.take("Z") { return true }
                guard s.take(Scanner.sign), s.digits(1, 2) else { return false }
                if s.take(":") { return s.digits(2) }
                return true
            }
            return whole(date) || whole(dateTime)
        }

        /// Takes `minimum` to `maximum` digits, as many as there are (the regular expressions' `[0-9][0-9]?`
        /// can always take the second digit here: what follows is never a digit).
        mutating func digits(_ minimum: Int, _ maximum: Int? = nil) -> Bool {
            let upper = maximum ?? minimum
            var count = 0
            while count < upper, take(Scanner.digit) { count += 1 }
            return count >= minimum
        }
    }
}
