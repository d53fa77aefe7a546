import SwiftUI

@main
struct PlannerApp: App {
    @StateObject private var feed = Feed()

    var body: some Scene {
        WindowGroup {
            TabView {
                Home.RootView()
                    .environmentObject(feed)
                Settings.RootView() // expect: missing_environment_object
            }
        }
    }
}
