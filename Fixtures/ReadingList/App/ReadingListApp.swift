import SwiftUI

@main
struct ReadingListApp: App {
    @StateObject private var library = LibraryStore()
    @StateObject private var settings = ReaderSettings()

    var body: some Scene {
        WindowGroup {
            LibraryView()
                .environmentObject(library)
                .environmentObject(settings)
        }
    }
}
