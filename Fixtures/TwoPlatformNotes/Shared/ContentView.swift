import SwiftUI

/// Compiled into both apps; the toolbar exists only in the Mac app.
struct ContentView: View {
    @EnvironmentObject var store: NoteStore

    var body: some View {
        VStack {
            List(store.notes, id: \.self) { Text($0) }
            #if os(macOS)
            MacToolbar()
            #endif
        }
    }
}
