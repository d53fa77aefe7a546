// The part of Xcode's XcodeProjectPlugin module (Xcode 16) that Plugins/FlowLintBuildTool uses, declared with
// the same names and types, so that its `#if canImport(XcodeProjectPlugin)` branch is type-checked on
// machines without Xcode (Tests/integration/build-plugin.sh). Not a substitute for building in Xcode.
import Foundation
import PackagePlugin

public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public struct XcodePluginContext {
    public var xcodeProject: XcodeProject
    public var pluginWorkDirectoryURL: URL
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stand-in") }
}

public struct XcodeProject {
    public var displayName: String
    public var directoryURL: URL
    public var targets: [XcodeTarget]
}

public struct XcodeTarget {
    public var displayName: String
    public var inputFiles: FileList
}
