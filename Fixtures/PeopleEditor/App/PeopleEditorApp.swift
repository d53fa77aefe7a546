import SwiftUI

@main
struct PeopleEditorApp: App {
    @StateObject private var store = PeopleStore()

    var body: some Scene {
        WindowGroup {
            PeopleListView()
                .environmentObject(store)
        }
    }
}
