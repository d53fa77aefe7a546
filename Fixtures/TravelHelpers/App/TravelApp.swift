import SwiftUI

@main
struct TravelApp: App {
    @StateObject private var session = Session()
    @StateObject private var theme = Theme()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .withServices(AppServices(session: session, theme: theme))
        }
    }
}
