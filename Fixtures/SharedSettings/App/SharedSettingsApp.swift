import SwiftUI

@main
struct SharedSettingsApp: App {
    @StateObject private var settings = UserSettings()

    var body: some Scene {
        WindowGroup {
            ProfileView()
                .environmentObject(settings)
        }
    }
}
