import Foundation
import XCTest
@testable import FlowLintKit

/// Advice worded for the Xcode that builds the project (`xcode:`) and for the deployment targets the project model
/// reads: no rule names an API a target lacks.
final class ToolchainAdviceTests: XCTestCase {
    /// The files linted as a package whose one target deploys to `platforms` (a `Package.swift` platforms list,
    /// nil for no package), with the toolchain `xcode`: the findings of `rule`, as text.
    func lint(_ files: [(String, String)], platforms: String?, xcode: [Int] = [27], rule: String) throws -> [String] {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Sources/App", withIntermediateDirectories: true)
        if let platforms {
            try """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", platforms: [\(platforms)], targets: [.target(name: "App")])
                """.write(toFile: root + "/Package.swift", atomically: false, encoding: .utf8)
        }
        for (name, source) in files { try source.write(toFile: root + "/Sources/App/" + name, atomically: false, encoding: .utf8) }
        let paths = files.map { "Sources/App/" + $0.0 }
        // The manifest is found among the Swift files, as discovery finds it.
        let model = ProjectModel.load(root: root, swiftFiles: (paths + (platforms == nil ? [] : ["Package.swift"])).map { root + "/" + $0 },
                                      bundles: [])
        var request = LintRequest(files: paths.map { LintFile(path: $0, bytes: Array(try! Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) },
                                  settings: RuleSettings(enabled: [rule], toolchain: Toolchain(xcode: OSVersion(xcode))), jobs: 1)
        request.model = model.isEmpty ? nil : model
        request.displayPathBase = root
        return LintEngine.lint(request).diagnostics.map { d in
            "\(d.span.start.line): \(d.message)" + (d.fixes.isEmpty ? "" : " [fix: \(d.fixes.map(\.message).joined(separator: ", "))]")
        }
    }

    static let stateReference = [("Views.swift", """
        import SwiftUI

        final class Countdown: ObservableObject {
            @Published var seconds = 60
        }

        final class Lap {
            var count = 0
        }

        struct TimerScreen: View {
            @State private var countdown = Countdown()
            @State private var lap = Lap()

            var body: some View {
                Text("\\(countdown.seconds) \\(lap.count)")
            }
        }
        """)]

    func testStateReferenceTypeSpeaksOfSubscribingWithXcode27AndOfOwningBefore() throws {
        XCTAssertEqual(try lint(Self.stateReference, platforms: ".iOS(.v17)", rule: "state_reference_type"), [
            "12: @State 'countdown' holds the ObservableObject 'Countdown' but does not subscribe to it, so the view does not update when the object changes; hold it with @StateObject, which subscribes to it [fix: use @StateObject]",
            "13: @State 'lap' holds 'Lap', a class SwiftUI cannot observe, so the view does not update when its 'count' changes; mark 'Lap' @Observable [fix: mark 'Lap' @Observable]",
        ])
        XCTAssertEqual(try lint(Self.stateReference, platforms: nil, xcode: [26, 4], rule: "state_reference_type"), [
            "12: @State 'countdown' holds the ObservableObject 'Countdown' but does not subscribe to it, so the view does not update when the object changes; own it with @StateObject [fix: use @StateObject]",
            "13: @State 'lap' holds 'Lap', a class SwiftUI cannot observe, so the view does not update when its 'count' changes; mark 'Lap' @Observable [fix: mark 'Lap' @Observable]",
        ])
    }

    func testStateReferenceTypeNamesNoAPIATargetLacks() throws {
        XCTAssertEqual(try lint(Self.stateReference, platforms: ".iOS(.v16), .macOS(.v14)", rule: "state_reference_type"), [
            "12: @State 'countdown' holds the ObservableObject 'Countdown' but does not subscribe to it, so the view does not update when the object changes; hold it with @StateObject, which subscribes to it [fix: use @StateObject]",
            "13: @State 'lap' holds 'Lap', a class SwiftUI cannot observe, so the view does not update when its 'count' changes; @Observable needs iOS 17.0 and this target deploys to iOS 16.0: make 'Lap' an ObservableObject with @Published properties and own it with @StateObject",
        ])
        XCTAssertEqual(try lint(Self.stateReference, platforms: ".iOS(.v13)", xcode: [26], rule: "state_reference_type"), [
            "12: @State 'countdown' holds the ObservableObject 'Countdown' but does not subscribe to it, so the view does not update when the object changes; @StateObject needs iOS 14.0 and this target deploys to iOS 13.0: create the object in an owner that outlives the view and observe it with @ObservedObject",
            "13: @State 'lap' holds 'Lap', a class SwiftUI cannot observe, so the view does not update when its 'count' changes; @Observable needs iOS 17.0 and this target deploys to iOS 13.0: make 'Lap' an ObservableObject with @Published properties and create the object in an owner that outlives the view and observe it with @ObservedObject (@StateObject needs iOS 14.0 and this target deploys to iOS 13.0)",
        ])
    }

    static let createdInView = [("Views.swift", """
        import SwiftUI

        @Observable
        final class Draft {
            var text = ""
        }

        final class Uploader: ObservableObject {
            @Published var progress = 0.0
        }

        struct Composer: View {
            private let draft = Draft()
            private let uploader = Uploader()

            var body: some View {
                Text(draft.text + "\\(uploader.progress)")
            }
        }
        """)]

    func testObservableCreatedInViewAdviceFollowsTheToolchainAndTheTarget() throws {
        XCTAssertEqual(try lint(Self.createdInView, platforms: ".iOS(.v17)", rule: "observable_created_in_view"), [
            "13: 'draft' creates 'Draft' itself without @State, so SwiftUI re-creates it with the view and its state is lost; own it with @State [fix: own it with @State]",
            "14: 'uploader' creates the ObservableObject 'Uploader' itself without @StateObject, so the view does not subscribe to it, and SwiftUI re-creates it with the view and its state is lost; own it with @StateObject [fix: own it with @StateObject]",
        ])
        XCTAssertEqual(try lint(Self.createdInView, platforms: ".iOS(.v17)", xcode: [26, 4], rule: "observable_created_in_view"), [
            "13: 'draft' creates 'Draft' itself without @State, so SwiftUI re-creates it with the view and its state is lost; own it with @State, which keeps the first one (its initial value is still evaluated each time the view is created) [fix: own it with @State]",
            "14: 'uploader' creates the ObservableObject 'Uploader' itself without @StateObject, so the view does not subscribe to it, and SwiftUI re-creates it with the view and its state is lost; own it with @StateObject [fix: own it with @StateObject]",
        ])
        // On iOS 13 there is no @StateObject (and no Observation: the @Observable class would need availability).
        XCTAssertEqual(try lint(Self.createdInView, platforms: ".iOS(.v13)", rule: "observable_created_in_view").last,
            "14: 'uploader' creates the ObservableObject 'Uploader' itself without @StateObject, so the view does not subscribe to it, and SwiftUI re-creates it with the view and its state is lost; @StateObject, which would own it, needs iOS 14.0 and this target deploys to iOS 13.0: create the object in an owner that outlives the view and pass it in with @ObservedObject")
    }
}
