import SwiftUI

/// Reading preferences, kept in UserDefaults. `@AppStorage` does not publish inside a class by itself,
/// so each property announces its own changes.
final class ReaderSettings: ObservableObject {
    @AppStorage("fontSize") var fontSize = 17.0 {
        didSet { objectWillChange.send() } // expect: will_change_in_did_set
    }

    @AppStorage("usesSerifFont") var usesSerifFont = true {
        willSet { objectWillChange.send() }
    }

    @AppStorage("dailyGoalMinutes") var dailyGoalMinutes = 20 {
        didSet {
            DispatchQueue.main.async {
                self.objectWillChange.send() // expect: will_change_in_did_set
            }
        }
    }

    @Published var keepsScreenAwake = false {
        didSet { UIApplication.shared.isIdleTimerDisabled = keepsScreenAwake }
    }
}
