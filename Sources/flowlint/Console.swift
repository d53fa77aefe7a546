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

    /// Columns to wrap text for people to: the terminal's width (at most 100, at least 40) when standard
    /// output is a terminal, else `COLUMNS` when set, else 100. Reports are never wrapped.
    static var outputWidth: Int {
        var width = 100
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            width = columns
        }
        if isatty(STDOUT_FILENO) != 0 {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
        }
        return min(100, max(40, width))
    }
}
