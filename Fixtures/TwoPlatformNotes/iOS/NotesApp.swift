import SwiftUI

/// The phone app: in the iOS target only, so it never shows the Mac toolbar.
@main
struct NotesApp: App {
    @StateObject private var store = NoteStore()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
        }
    }
}
