import FlowLintKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error. Reports go to standard output once the run is done, in pieces as they
/// are rendered (`ReportOutput`); everything for people (summary, warnings, errors) goes to standard error.
///
/// Every write is checked. A report that cannot be written (a full disk, a closed descriptor) ends the run
/// at once with `ExitStatus.outputError` and one line on standard error, if that still works; a line that
/// cannot be written to standard error lets the run finish (the report may still arrive) and then exit with
/// the same status. A reader that goes away (`flowlint ... | head -1`) ends the process through SIGPIPE,
/// silently, as it ends `cat` or `grep` (see `prepareStandardStreams`).
enum Console {
    /// A write to standard output or standard error failed: the process exits with `ExitStatus.outputError`.
    private(set) static var writeFailed = false

    static func output(_ text: String) {
        output(bytes: Array(text.utf8))
    }

    static func output(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let failure = write(bytes, to: STDOUT_FILENO) {
            writeFailed = true
            error("error: cannot write to standard output: \(String(cString: strerror(failure)))")
            exit(ExitStatus.outputError)
        }
    }

    /// Writes `text` as lines on standard error. Control characters are escaped in each line (`\u{1B}`), so
    /// a file name or message quoted in it cannot drive the terminal or forge a line in a CI log; lines
    /// end at `\n` only.
    static func error(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        let escaped = lines.map { Escaping.text(String($0)) + "\n" }.joined()
        if write(Array(escaped.utf8), to: STDERR_FILENO) != nil { writeFailed = true }
    }

    /// Writes all of `bytes`, retrying after a signal and after partial writes; the errno of a failure.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return EIO }
            written += count
        }
        return nil
    }

    /// Run first. SIGPIPE gets its default action back (a parent may have ignored it), so a closed pipe ends
    /// FlowLint quietly. A standard descriptor that was closed (`>&-`) is taken by /dev/null opened the wrong
    /// way round (standard output and error read-only, standard input write-only): a file FlowLint opens
    /// later can never become descriptor 1 and receive the report, and writing there still fails as it would
    /// have, with "Bad file descriptor".
    static func prepareStandardStreams() {
        signal(SIGPIPE, SIG_DFL)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", (descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY))
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
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
