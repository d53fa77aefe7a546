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

    static let assignedInInit = [("Views.swift", """
        import SwiftUI

        final class EditorModel {
            var text = ""
        }

        struct Counter: View {
            let title: String
            @State private var count = 0
            @State private var model = EditorModel()

            init(title: String, start: Int) {
                self.title = title
                count = start
                _model = State(initialValue: EditorModel())
            }

            var body: some View {
                Text("\\(title) \\(count) \\(model.text)")
            }
        }
        """)]

    /// With Xcode 27 the assignment may not compile and the replaced value costs nothing; before, the assignment is
    /// ignored and the replaced value is built for every view.
    func testStateAssignedWithDefaultInInitSpeaksOfTheToolchain() throws {
        let rule = "state_assigned_with_default_in_init"
        XCTAssertEqual(try lint(Self.assignedInInit, platforms: ".iOS(.v16)", rule: rule), [
            "14: @State 'count' of 'Counter' has an initial value at its declaration, so this assignment in 'init' does not set it: built with Xcode 27 it is a compile error ('used before being initialized') where it comes before the other stored properties are set, and ignored where it comes after them: the view shows the declared value; drop the initial value at the declaration and keep this assignment [fix: drop the initial value of 'count' at its declaration]",
        ])
        XCTAssertEqual(try lint(Self.assignedInInit, platforms: ".iOS(.v16)", xcode: [26, 4], rule: rule), [
            "14: @State 'count' of 'Counter' has an initial value at its declaration, so this assignment in 'init' does not set it: built with Xcode 26.4 it is ignored and the view shows the declared value; drop the initial value at the declaration and keep this assignment [fix: drop the initial value of 'count' at its declaration]",
            "15: @State 'model' of 'Counter' has an initial value at its declaration that is never used: every initializer of 'Counter' replaces the state with '_model = ...', yet built with Xcode 26.4 the initial value is still computed each time the view is created; drop it at the declaration and keep the initializers' assignments [fix: drop the initial value of 'model' at its declaration]",
        ])
    }

    static let initInOtherFile = [("Badge.swift", """
        import SwiftUI

        struct Badge: View {
            let count: Int
            @State private var isPulsing = false

            var body: some View {
                Text("\\(count)").scaleEffect(isPulsing ? 1.2 : 1)
            }
        }
        """), ("Badge+Init.swift", """
        extension Badge {
            init(unread: [String]) {
                count = unread.count
            }
        }
        """)]

    /// Only Xcode 27.0 and 27.1 fail to link it (`27` is 27.0).
    func testStateInitInOtherFileOnlyWithTheXcodesThatHaveTheBug() throws {
        let rule = "state_init_in_other_file"
        for xcode in [[27], [27, 0], [27, 1], [27, 1, 1]] {
            XCTAssertEqual(try lint(Self.initInOtherFile, platforms: nil, xcode: xcode, rule: rule).count, 1, "\(xcode)")
        }
        for xcode in [[26, 4], [27, 2], [28]] {
            XCTAssertEqual(try lint(Self.initInOtherFile, platforms: nil, xcode: xcode, rule: rule), [], "\(xcode)")
        }
    }
}
