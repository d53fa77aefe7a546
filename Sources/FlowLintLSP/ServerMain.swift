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

/// What `flowlint lsp` is started with; `initializationOptions` can change each of them (see README, "Editors").
public struct LanguageServerOptions: Sendable {
    /// How long after the last edit the server waits before linting, so edits that arrive together (a multi-cursor
    /// edit, an editor's several changes for one keystroke, key repeat) are linted once. README, "Editors", says how
    /// the default was chosen.
    public var debounceMilliseconds = LanguageServerOptions.defaultDebounceMilliseconds
    public static let defaultDebounceMilliseconds = 5
    /// How projects are found and read (`--config`, `--cache-path`, `--no-cache`, `--no-ignore-vcs`, `--no-targets`,
    /// `--configuration`).
    public var workspace = Workspace.Options()

    public init() {}
}

extension LanguageServerOptions {
    /// `initializationOptions`: `debounce` (milliseconds), `config` and `cachePath` (relative to the workspace
    /// folder), `noCache`, `noIgnoreVCS`, `noTargets`, `buildConfiguration`. They win over the command line's.
    mutating func apply(_ settings: JSON) {
        if let debounce = settings["debounce"]?.int, debounce >= 0 { debounceMilliseconds = min(debounce, 10_000) }
        if let config = settings["config"]?.string, !config.isEmpty { workspace.configurationPath = config }
        if let path = settings["cachePath"]?.string, !path.isEmpty { workspace.cache = .directory(path) }
        if settings["noCache"]?.bool == true { workspace.cache = .disabled }
        if let noIgnore = settings["noIgnoreVCS"]?.bool { workspace.respectsGitIgnores = !noIgnore }
        if let noTargets = settings["noTargets"]?.bool { workspace.readsTargets = !noTargets }
        if let name = settings["buildConfiguration"]?.string, !name.isEmpty { workspace.buildConfiguration = name }
    }
}

/// `flowlint lsp`: reads LSP messages on standard input, answers on standard output, until `exit` (which ends the
/// process) or the end of input (after which it returns). The exit status is 0 after `shutdown`, 1 otherwise (as
/// LSP asks).
public enum LanguageServerMain {
    public static func run(_ options: LanguageServerOptions) -> Int32 {
        // A client that goes away must not kill the server with SIGPIPE mid-write: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let writer = MessageWriter(descriptor: STDOUT_FILENO)
        let server = LanguageServer(options: options) { message in
            if !writer.write(message.serialized()) { exit(1) }  // the client closed its end: nobody to serve
        }
        var reader = MessageReader(source: DescriptorSource(descriptor: STDIN_FILENO))
        while true {
            switch reader.next() {
            case .message(let body):
                if let status = server.receive(body) {
                    // `exit` ends the process at once, even while a lint runs on the server's queue (it is not waited
                    // for); standard output is written unbuffered, so nothing is lost but that work.
                    _exit(status)
                }
            case .malformed(let reason):
                server.receiveMalformed(reason)
            case .tooLarge(let size):
                server.receiveTooLarge(size)
            case .end:
                return server.endOfInput()
            }
        }
    }
}
