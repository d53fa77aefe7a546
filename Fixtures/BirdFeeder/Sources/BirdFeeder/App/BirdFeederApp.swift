import SwiftData
import SwiftUI

@main
struct BirdFeederApp: App {
    @State private var settings = FeederSettings()

    var body: some Scene {
        WindowGroup {
            RootView() // expect: missing_environment_object
                .environment(settings)
                .modelContainer(for: Sighting.self)
        }
    }
}
