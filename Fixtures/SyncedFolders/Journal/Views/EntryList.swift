import SwiftUI

struct EntryList: View {
    @EnvironmentObject var store: EntryStore
    @State var filter = "" // expect: non_private_state

    var body: some View {
        List(store.entries) { entry in
            Text(entry.title)
        }
        .searchable(text: $filter)
    }
}
