import SwiftUI

@main
struct JournalApp: App {
    @StateObject private var store = EntryStore()

    var body: some Scene {
        WindowGroup {
            EntryList()
                .environmentObject(store)
        }
    }
}
