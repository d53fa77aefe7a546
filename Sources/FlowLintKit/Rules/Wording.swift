/// Wording shared by rules' messages, so that lists of names read the same in every rule.
enum Wording {
    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`, `'a', 'b' and 3 more`.
    static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        switch quoted.count {
        case 0...1: return quoted.first ?? ""
        case 2...3: return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
        default: return quoted.prefix(2).joined(separator: ", ") + " and \(quoted.count - 2) more"
        }
    }
}
