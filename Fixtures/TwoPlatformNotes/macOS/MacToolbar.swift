import SwiftUI

struct MacToolbar: View {
    @EnvironmentObject var preferences: MacPreferences

    var body: some View {
        Toggle("Labels", isOn: $preferences.showsToolbarLabels)
    }
}

struct PreferencesForm: View {
    @EnvironmentObject var store: NoteStore

    var body: some View {
        Text("\(store.notes.count) notes")
    }
}
