import SwiftUI

@main
struct PlayerApp: App {
    @StateObject private var library = Library()
    @StateObject private var session = Session()
    @StateObject private var preferences = Preferences()

    var body: some Scene {
        WindowGroup {
            VStack {
                RootView()
                MiniPlayer() // expect: missing_environment_object
            }
            .environmentObject(library)
            .environmentObject(session)
        }
        #if os(macOS)
        // SwiftUI's Settings scene, not the iOS screen named Settings.
        Settings {
            SettingsForm()
                .environmentObject(preferences)
        }
        #endif
    }
}
