import SwiftUI

@main
struct MacNotesApp: App {
    @StateObject private var store = NoteStore()
    @StateObject private var preferences = MacPreferences()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
                .environmentObject(preferences)
        }
        Settings {
            PreferencesForm() // expect: missing_environment_object
        }
    }
}
