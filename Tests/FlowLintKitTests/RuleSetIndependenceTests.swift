import XCTest
@testable import FlowLintKit

/// A rule's findings do not depend on which other rules are turned on. The parser skips the bodies no enabled
/// rule needs (`BodySkipping`), so what the facts read must be parsed for the facts' own sake.
final class RuleSetIndependenceTests: XCTestCase {
    func diagnostics(_ source: String, enabled: Set<String>) -> [String] {
        let request = LintRequest(files: [LintFile(path: "Map.swift", bytes: Array(source.utf8))],
                                  settings: RuleSettings(enabled: enabled), jobs: 1)
        return LintEngine.lint(request).diagnostics.filter { $0.ruleID == "missing_environment_object" }
            .map { "\($0.span.start.line): \($0.message)" }
    }

    /// A coordinator reads the environment object only in a callback it sets on its UIKit view (`view.onTap = {
    /// ... }`): the read happens when the callback runs, which an app scene is not reported for. In a file that
    /// says neither `State` nor `ObservedObject`, the rules that need every body parsed found none to parse, and
    /// with `missing_environment_object` alone the coordinator's method was skipped, so the read looked like one
    /// made as soon as the view is shown.
    func testAReadInACoordinatorsCallbackIsJudgedTheSameWhateverElseIsOn() {
        let source = """
            import SwiftUI
            import MapKit

            final class SheetPosition: ObservableObject {
                @Published var position = 0
            }

            final class TappableMap: MKMapView {
                var onTap: (() -> Void)?
            }

            struct HoleMap: UIViewRepresentable {
                @EnvironmentObject private var sheet: SheetPosition

                func makeUIView(context: Context) -> TappableMap {
                    let view = TappableMap()
                    context.coordinator.attach(to: view)
                    return view
                }

                func updateUIView(_ view: TappableMap, context: Context) {}

                func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

                final class Coordinator: NSObject {
                    let parent: HoleMap
                    init(parent: HoleMap) { self.parent = parent }

                    func attach(to view: TappableMap) {
                        view.onTap = { [weak self] in
                            guard let self else { return }
                            self.parent.sheet.position = 1
                        }
                    }
                }
            }

            struct RoundView: View {
                var body: some View { HoleMap() }
            }

            @main
            struct GolfApp: App {
                var body: some Scene {
                    WindowGroup { RoundView() }
                }
            }
            """
        let alone = diagnostics(source, enabled: ["missing_environment_object"])
        let all = diagnostics(source, enabled: Set(RuleRegistry.descriptors.map(\.id)))
        XCTAssertEqual(alone, all)
        XCTAssertEqual(alone, [], "\(alone)")
    }
}
