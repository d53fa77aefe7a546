import SwiftUI

@main
struct NotesApp: App {
    @StateObject private var library = NoteLibrary()
    @StateObject private var preferences = Preferences()

    var body: some Scene {
        WindowGroup {
            NotesListView()
                .environmentObject(library)
                .environmentObject(preferences)
        }
        .commands {
            SidebarCommands()
        }

        Window("Statistics", id: "statistics") {
            StatisticsView()
                .environmentObject(library)
        }

        Settings {
            PreferencesView() // expect: missing_environment_object
        }
    }
}
