import SwiftUI

@main
struct JournalApp: App {
    @State private var journal = Journal()
    @State private var router = Router()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(journal)
                .environment(router)
        }
    }
}
