import Foundation

/// Standard output and standard error. Reports go to standard output in one write, so a reader never
/// sees half a report; everything for people (summary, warnings, errors) goes to standard error.
enum Console {
    static func output(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// Colors only for a terminal, and never when NO_COLOR is set to anything (https://no-color.org).
    static func colorAllowed(disabledByFlag: Bool) -> Bool {
        if disabledByFlag { return false }
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
