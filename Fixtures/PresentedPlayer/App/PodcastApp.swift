import SwiftUI

@main
struct PodcastApp: App {
    var body: some Scene {
        WindowGroup {
            LibraryView()
            #if DEBUG
                .environmentObject(Player.preview)
            #else
                .environmentObject(Player.shared)
            #endif
        }
    }
}
