import Foundation
import XCTest

/// Issue 23, round three: the working directory, the file system, configuration and baselines. Each case read
/// or wrote outside what was asked, dropped a configuration, or gave a false reason before.
final class FileSystemAttackTests: CLITestCase {
    /// A view whose `@State` has a safe fix: `--fix` rewrites it.
    static let fixableView = """
        import SwiftUI

        struct Counter: View {
            @State var count = 0
            var body: some View { Text("\\(count)") }
        }

        """

    /// Not the user running the tests, nor root: the owner of what another user leaves around.
    static let otherUser: uid_t = 12_345

    /// Gives `path` (not following a link) to `otherUser`. Only root (or CAP_CHOWN) can; without it the
    /// ownership tests cannot set up their attack, which is a failure, not a reason to skip.
    func giveToAnotherUser(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lchown(path, Self.otherUser, Self.otherUser), 0,
                       "giving \(path) to uid \(Self.otherUser) needs root or CAP_CHOWN: \(String(cString: strerror(errno)))",
                       file: file, line: line)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & 0o7777
    }

    // MARK: 1. A working directory that cannot be named

    /// From a deleted directory, the working directory came back as "" and every relative path resolved against
    /// `/`: `flowlint lint --fix path` rewrote `/path`. Now every command that reads files stops first.
    func testAVanishedWorkingDirectoryStopsEveryCommandThatReadsFiles() throws {
        let victim = try write("Victim/Counter.swift", Self.fixableView)
        let fromRoot = String(victim.dropFirst())  // the victim's path relative to `/`
        let vanish = "mkdir gone && cd gone && rmdir ../gone && exec \"$FLOWLINT\""
        let message = "error: the working directory no longer exists (deleted or replaced since the shell entered it); cd to an existing directory\n"
        for arguments in ["lint --fix --no-cache '\(fromRoot)'", "lint --no-cache", "'\(fromRoot)'", "rules", "graph",
                          "debug ast '\(fromRoot)'", "lsp", "lint --config /dev/null '\(victim)'"] {
            let run = try shell("\(vanish) \(arguments)", timeout: 30)
            XCTAssertEqual(run.reason, .exit, arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr, message, arguments)
        }
        XCTAssertEqual(try read("Victim/Counter.swift"), Self.fixableView, "nothing was fixed")
        // What is built into the binary still works.
        for arguments in ["explain non_private_state", "version", "--help", "lint --help"] {
            let run = try shell("\(vanish) \(arguments) >/dev/null")
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
        }
    }

    /// A working directory deeper than PATH_MAX: Foundation named it "", as for a deleted one.
    func testAWorkingDirectoryLongerThanThePathLimitIsRefused() throws {
        try write("Victim/Counter.swift", Self.fixableView)
        let fromRoot = String((directory + "/Victim/Counter.swift").dropFirst())
        let run = try shell("""
            name=$(printf '%0100d' 0); i=0
            while [ $i -lt 50 ]; do mkdir $name && cd -P $name || exit 99; i=$((i + 1)); done
            "$FLOWLINT" lint --fix --no-cache '\(fromRoot)'; status=$?
            cd '\(directory)' && rm -rf $name
            exit $status
            """, timeout: 60)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("error: the working directory's path is longer than the system's limit of \(PATH_MAX) bytes ("),
                      run.stderr)
        XCTAssertEqual(try read("Victim/Counter.swift"), Self.fixableView)
    }

    // MARK: 6. Markers in directories that other users control

    /// Another user's `.flowlint.yml` (`excluded: ["**"]`) and `Package.swift` in a sticky world-writable parent
    /// (`/tmp`) became the configuration and the root of the victim's project: a `--strict` run linted 0 files
    /// and exited 0, and the victim's cache went into the parent's `.build`.
    func testAnotherUsersMarkersInAStickyParentAreSkipped() throws {
        let shared = directory + "/shared"
        try write("shared/victim/ContentView.swift", Self.badView)
        try write("shared/.flowlint.yml", "excluded: [\"**\"]\n")
        try write("shared/Package.swift", "// swift-tools-version:5.9\n")
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        giveToAnotherUser(shared + "/.flowlint.yml")
        giveToAnotherUser(shared + "/Package.swift")
        // No repository above: the walk goes up to `/` through the shared directory.
        try FileManager.default.removeItem(atPath: directory + "/.git")
        let run = try flowlint(["lint", "--strict", "--reporter", "json", "."], in: shared + "/victim")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(diagnostics(run).count, 1)
        XCTAssertTrue(run.stderr.contains("\(shared): warning: skipped project markers .flowlint.yml, Package.swift (owned by uid 12345, not by you, root or the input's owner)\n"),
                      run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: shared + "/.build"), "the cache went into the other user's project")
        // The same markers owned by the victim are the victim's: taken.
        XCTAssertEqual(lchown(shared + "/.flowlint.yml", geteuid(), getegid()), 0)
        let own = try flowlint(["lint", "--strict", "--no-cache", "."], in: shared + "/victim")
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertTrue(own.stderr.contains("Linted 0 files"), own.stderr)
    }

    /// A directory everyone may write (no sticky bit), or one another user owns: its markers are not the victim's.
    func testMarkersInADirectoryOthersControlAreSkipped() throws {
        let cases: [(directory: String, reason: String, make: (String) -> Void)] = [
            ("open", "the directory is writable by every user and has no sticky bit", { XCTAssertEqual(chmod($0, 0o777), 0) }),
            ("theirs", "the directory is owned by uid 12345, not by you, root or the input's owner", { self.giveToAnotherUser($0) }),
        ]
        for (name, reason, make) in cases {
            try write("\(name)/victim/ContentView.swift", Self.badView)
            try write("\(name)/.flowlint.yml", "excluded: [\"**\"]\n")
            make(directory + "/" + name)
            let run = try flowlint(["lint", "--strict", "--no-cache", "\(name)/victim"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("\(name): warning: skipped project markers .flowlint.yml (\(reason))\n"), run.stderr)
        }
    }

    /// A link owned by the victim to a file another user owns is that user's configuration.
    func testAConfigurationLinkToAnotherUsersFileIsSkipped() throws {
        try write("app/victim/ContentView.swift", Self.badView)
        try write("app/theirs.yml", "excluded: [\"**\"]\n")
        giveToAnotherUser(directory + "/app/theirs.yml")
        try FileManager.default.createSymbolicLink(atPath: directory + "/app/.flowlint.yml", withDestinationPath: "theirs.yml")
        let run = try flowlint(["lint", "--strict", "--no-cache", "app/victim"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("app: warning: skipped project markers .flowlint.yml (a link to a file owned by uid 12345, not by you, root or the input's owner)\n"),
                      run.stderr)
    }

    /// Another user's `.git` in a sticky parent, with `*` in its `info/exclude`, hid every file of the victim.
    func testAnotherUsersRepositoryAboveDoesNotHideFiles() throws {
        let shared = directory + "/shared"
        try write("shared/victim/ContentView.swift", Self.badView)
        try write("shared/.git/info/exclude", "*\n")
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        giveToAnotherUser(shared + "/.git")
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "shared/victim"])
        XCTAssertEqual(diagnostics(run).count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("shared: warning: skipped project markers .git (owned by uid 12345"), run.stderr)
    }

    /// Root in a container, linting a checkout its runner owns: the checkout's configuration is the project's
    /// (its owner already decides what the linted files say), so it is taken.
    func testTheInputsOwnerIsTrusted() throws {
        try write("checkout/.flowlint.yml", "strict: true\n")
        try write("checkout/ContentView.swift", Self.badView)
        for path in ["checkout", "checkout/.flowlint.yml", "checkout/ContentView.swift"] { giveToAnotherUser(directory + "/" + path) }
        let run = try flowlint(["lint", "--no-cache", "checkout"])
        XCTAssertEqual(run.status, 1, "strict: true from the checkout's configuration: \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("skipped project markers"), run.stderr)
    }

    /// The cache FlowLint makes is private: directories 0700, packs 0600.
    func testTheFactsCacheIsPrivate() throws {
        try write("Package.swift", "// swift-tools-version:5.9\n")
        try write("Sources/ContentView.swift", Self.badView)
        let run = try flowlint(["lint", "."], mayModify: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(mode(directory + "/.build"), 0o700)
        XCTAssertEqual(mode(directory + "/.build/flowlint"), 0o700)
        let packs = try FileManager.default.contentsOfDirectory(atPath: directory + "/.build/flowlint")
        XCTAssertEqual(packs.count, 1, "\(packs)")
        for pack in packs { XCTAssertEqual(mode(directory + "/.build/flowlint/" + pack), 0o600) }
    }

    // MARK: 7. A configuration that is not a regular file

    /// Each was taken for "no configuration": the defaults applied and `strict: true` was dropped (exit 0).
    func testAConfigurationThatIsNotARegularFileIsAnError() throws {
        try write("ContentView.swift", Self.badView)
        let path = directory + "/.flowlint.yml"
        let cases: [(String, () throws -> Void)] = [
            ("it is a symbolic link to a file that does not exist", { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "missing.yml") }),
            ("Too many levels of symbolic links", { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: ".flowlint.yml") }),
            ("not a regular file (a FIFO)", { XCTAssertEqual(mkfifo(path, 0o644), 0) }),
            ("is a directory", { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }),
        ]
        for (reason, make) in cases {
            try make()
            for arguments in [["lint", "--no-cache", "."], ["rules"], ["graph", "--no-cache"]] {
                let run = try flowlint(arguments, timeout: 30)
                XCTAssertEqual(run.status, 2, "\(reason), \(arguments): \(run.stderr)")
                XCTAssertEqual(run.stderr, ".flowlint.yml: error: cannot read configuration file: \(reason)\n", "\(arguments)")
            }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    // MARK: 19. The facts cache through a committed `.build` link

    func testTheFactsCacheDoesNotFollowALinkOutOfTheProject() throws {
        let outside = NSTemporaryDirectory() + "flowlint-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try write("Package.swift", "// swift-tools-version:5.9\n")
        try write("Sources/ContentView.swift", Self.badView)
        let links = [(".build", outside), (".build/flowlint", outside)]
        for (link, target) in links {
            try? FileManager.default.removeItem(atPath: directory + "/.build")
            if link == ".build/flowlint" { try FileManager.default.createDirectory(atPath: directory + "/.build", withIntermediateDirectories: false) }
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + link, withDestinationPath: target)
            try? FileManager.default.removeItem(atPath: userCache)
            let run = try flowlint(["lint", "."], mayModify: true)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [], "\(link): written through the link")
            XCTAssertTrue(run.stderr.contains("\(link): warning: not a directory but a symbolic link or a file: the facts cache is kept in the user cache directory instead (--cache-path chooses another)\n"),
                          run.stderr)
            let packs = try FileManager.default.contentsOfDirectory(atPath: userCache + "/flowlint")
            XCTAssertEqual(packs.filter { $0.hasSuffix(".bin") }.count, 1, "\(link): the pack is in the user cache: \(packs)")
        }
    }

    // MARK: 20, 23. Names and paths the file system holds but a String cannot, or a lookup refuses

    /// A name that is not valid UTF-8 became U+FFFD in the path, which names no file: "No such file or directory".
    func testNamesThatAreNotUTF8AreReportedForWhatTheyAre() throws {
        try write("Good.swift", Self.badView)
        for (name, isDirectory) in [([0x63, 0x61, 0x66, 0xE9] + Array(".swift".utf8), false), ([0x64, 0x69, 0x72, 0xFF], true)] {
            let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name
            let cPath = path.map { CChar(bitPattern: $0) } + [0]
            if isDirectory {
                XCTAssertEqual(mkdir(cPath, 0o755), 0)
            } else {
                let fd = open(cPath, O_CREAT | O_WRONLY, 0o644)
                XCTAssertGreaterThanOrEqual(fd, 0)
                close(fd)
            }
        }
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertEqual(diagnostics(run).count, 1, "the other files are still linted")
        XCTAssertTrue(run.stderr.contains("caf\\xE9.swift: error: cannot read: the name is not valid UTF-8 (rename it to lint it)\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("dir\\xFF: error: cannot read: the name is not valid UTF-8 (rename it to lint it)\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("No such file"), run.stderr)
    }

    /// A path argument longer than PATH_MAX exists but cannot be looked up: it was reported missing (exit 2).
    func testAPathArgumentLongerThanThePathLimitIsUnreadableNotMissing() throws {
        try write("Good.swift", Self.badView)
        let run = try shell("""
            name=$(printf '%0100d' 0); path=''; i=0
            while [ $i -lt 45 ]; do mkdir $name && cd -P $name || exit 99; path="$path$name/"; i=$((i + 1)); done
            printf 'struct A {}\\n' > A.swift
            cd '\(directory)'
            "$FLOWLINT" lint --no-cache Good.swift "${path}A.swift" >/dev/null; status=$?
            rm -rf $name
            exit $status
            """, timeout: 60)
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("/A.swift: error: cannot read: File name too long\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("no such file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file: 0 errors, 1 warning, 1 input unreadable"), run.stderr)
    }

    // MARK: 21, 22. Baselines

    /// A baseline had no limit: 113 MB took 25 s and 2.1 GB. Refused by its size, unread.
    func testAnOversizedBaselineIsRefusedUnread() throws {
        try write("ContentView.swift", Self.badView)
        let baseline = directory + "/baseline.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: baseline, contents: nil))
        XCTAssertEqual(truncate(baseline, 17 << 20), 0)  // sparse: costs nothing, reading it would
        let run = try flowlint(["lint", "--no-cache", "--baseline", "baseline.json", "."])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, "baseline.json: error: baseline is larger than 16 MiB\n")
    }

    /// `--baseline <(git show main:baseline.json)` was refused with "You don't have permission". A baseline
    /// from a pipe is relative to the working directory, as one written to standard output is (bash, for `<(...)`).
    func testABaselineFromAPipeIsRead() throws {
        try write("ContentView.swift", Self.badView)
        let run = try shell("""
            "$FLOWLINT" lint --no-cache --quiet --write-baseline /dev/stdout ContentView.swift > baseline.json || exit 90
            exec bash -c '"$FLOWLINT" lint --no-cache --strict --baseline <(cat baseline.json) ContentView.swift'

            """, timeout: 30)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file: 0 errors, 0 warnings, 1 in baseline"), run.stderr)
    }
}
