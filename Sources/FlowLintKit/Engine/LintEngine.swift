import Dispatch
import Foundation
import FlowLintSyntax

/// One file handed to the engine: its display path (relative to the working directory when under it) and
/// its bytes. Reading, discovery and excludes happen before; the engine never touches the file system.
public struct LintFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

public struct LintRequest: Sendable {
    public var files: [LintFile]
    public var settings: RuleSettings
    /// Worker threads for the per-file phase; 0 means one per core.
    public var jobs: Int
    /// Skip function bodies that cannot hold SwiftUI data flow (see `Parser.parse`). Off only to check that
    /// the fast path changes nothing.
    public var skipsInertBodies: Bool
    public init(files: [LintFile], settings: RuleSettings = .defaults, jobs: Int = 0, skipsInertBodies: Bool = true) {
        self.files = files
        self.settings = settings
        self.jobs = jobs
        self.skipsInertBodies = skipsInertBodies
    }
}

public struct LintResult: Sendable {
    /// Findings after suppression, in `Diagnostic.outputOrder`.
    public var diagnostics: [Diagnostic]
    public var filesLinted: Int
}

public enum LintEngine {
    /// Lints `request.files` as one project: per-file facts and findings in parallel, then the project-wide
    /// rules over the merged index, then suppression. Deterministic: the result does not depend on `jobs`.
    public static func lint(_ request: LintRequest) -> LintResult {
        let facts = perFilePhase(request)
        let index = ProjectIndex(files: facts)
        var diagnostics: [Diagnostic] = []
        for file in facts {
            for pending in file.pendingFindings where index.holds(pending.condition) {
                diagnostics.append(pending.diagnostic)
            }
        }
        if request.settings.enabled.contains(MissingEnvironmentObjectRule.descriptor.id) {
            diagnostics += MissingEnvironmentObjectRule.check(index)
        }
        for i in diagnostics.indices {
            if let severity = request.settings.severities[diagnostics[i].ruleID] { diagnostics[i].severity = severity }
        }
        diagnostics = applySuppression(diagnostics, facts: facts, settings: request.settings)
        diagnostics.sort(by: Diagnostic.outputOrder)
        return LintResult(diagnostics: diagnostics, filesLinted: request.files.count)
    }

    /// Parses each file once, on all workers, into its facts; the AST is dropped when the file is done.
    static func perFilePhase(_ request: LintRequest) -> [FileFacts] {
        let files = request.files
        let count = files.count
        var results = [FileFacts?](repeating: nil, count: count)
        let workers = max(1, min(request.jobs > 0 ? request.jobs : ProcessInfoCores.count, count))
        results.withUnsafeMutableBufferPointer { out in
            let out = SendableBuffer(base: out)
            let work: (Int) -> Void = { worker in
                // Striped, so each worker's share is fixed by the file order, not by scheduling.
                var i = worker
                while i < count {
                    out.base[i] = facts(for: files[i], settings: request.settings, skipsInertBodies: request.skipsInertBodies)
                    i += workers
                }
            }
            if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        }
        return results.map { $0! }
    }

    static func facts(for file: LintFile, settings: RuleSettings, skipsInertBodies: Bool) -> FileFacts {
        let tree = Parser.parse(SourceFile(path: file.path, bytes: file.bytes), skippingInertBodies: skipsInertBodies)
        let context = FileContext(tree: tree, path: file.path)
        var facts = FactExtractor.extract(context, settings: settings)
        facts.directives = Suppression.directives(context)
        return facts
    }

    static func applySuppression(_ diagnostics: [Diagnostic], facts: [FileFacts], settings: RuleSettings) -> [Diagnostic] {
        var byFile: [String: [Diagnostic]] = [:]
        for d in diagnostics { byFile[d.span.file, default: []].append(d) }
        var out: [Diagnostic] = []
        for file in facts {
            out += Suppression.apply(file.directives, to: byFile.removeValue(forKey: file.path) ?? [], settings: settings)
        }
        for rest in byFile.values { out += rest }
        return out
    }
}

/// A buffer handed to worker threads that each write distinct indices.
private struct SendableBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
}

enum ProcessInfoCores {
    static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
