import XCTest
@testable import FlowLintKit

/// `FileFacts.flagFlips`: a flag counts as set only together with a persisted key when every setting of it in its
/// file is beside the key's write, with nothing between them that may stop or delay the write.
final class PersistedFlagsTests: XCTestCase {
    func flips(_ source: String) -> [String] {
        LintEngine.facts(for: LintFile(path: "Model.swift", bytes: Array(source.utf8))).flagFlips.map {
            "\($0.owner).\($0.flag) -> \($0.key)=\($0.value)"
        }
    }

    func model(_ finish: String, extra: String = "") -> String {
        """
        import SwiftUI

        final class OnboardingModel: ObservableObject {
            @AppStorage("isOnboarding") var isOnboarding = true
            @Published var showsWelcome = false
            \(extra)
        }

        extension OnboardingModel {
            func finish(accepted: Bool, step: Int) async throws {
                \(finish)
            }
        }
        """
    }

    func testASettingBesideTheKeysWriteIsAFlipWhereverTheTypeSetsIt() {
        XCTAssertEqual(flips(model("showsWelcome = true\n isOnboarding = false")),
                       ["OnboardingModel.showsWelcome -> \"isOnboarding\"=false"])
        XCTAssertEqual(flips(model("showsWelcome = true\n UserDefaults.standard.set(false, forKey: \"isOnboarding\")")),
                       ["OnboardingModel.showsWelcome -> \"isOnboarding\"=false"])
    }

    func testAWriteThatMayNotRunOrRunsLaterIsNotBeside() {
        for finish in [
            "showsWelcome = true\n guard accepted else { return }\n isOnboarding = false",
            "showsWelcome = true\n try await Task.sleep(for: .seconds(1))\n isOnboarding = false",
            "showsWelcome = true\n #if DEBUG\n isOnboarding = false\n #endif",
            "switch step {\n case 0: showsWelcome = true\n default: isOnboarding = false\n }",
            "if accepted { isOnboarding = false }\n showsWelcome = true",
        ] {
            XCTAssertEqual(flips(model(finish)), [], finish)
        }
    }

    func testAnotherStoreALocalOrBothValuesTellNothing() {
        for finish in [
            "showsWelcome = true\n UserDefaults(suiteName: \"group\")?.set(false, forKey: \"isOnboarding\")",
            "var isOnboarding = true\n showsWelcome = true\n isOnboarding = false",
            "showsWelcome = true\n isOnboarding = false\n isOnboarding = true",
        ] {
            XCTAssertEqual(flips(model(finish)), [], finish)
        }
    }

    func testAFlagSetElsewhereWithoutTheWriteOrHandedOnIsNoFlip() {
        let finish = "showsWelcome = true\n isOnboarding = false"
        XCTAssertEqual(flips(model(finish, extra: "func skip() { showsWelcome = true }")), [])
        XCTAssertEqual(flips(model(finish, extra: "var binding: Binding<Bool> { $showsWelcome }")), [])
        XCTAssertEqual(flips(model(finish, extra: "func reset() { showsWelcome = false }")),
                       ["OnboardingModel.showsWelcome -> \"isOnboarding\"=false"])
    }
}
