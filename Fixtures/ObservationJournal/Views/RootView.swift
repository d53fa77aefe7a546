import SwiftUI

struct RootView: View {
    @Environment(Router.self) private var router

    var body: some View {
        @Bindable var router = router
        NavigationStack(path: $router.path) {
            EntryListView()
                .navigationDestination(for: Entry.ID.self) { id in
                    EntryDetailView(entryID: id)
                }
        }
    }
}
