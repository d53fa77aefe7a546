import SwiftUI

struct SearchView: View {
    @EnvironmentObject private var library: LibraryStore
    @State private var search = SearchViewModel() // expect: state_reference_type
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List(search.matches) { book in
                Text(book.title)
            }
            .overlay {
                if search.isLoading { ProgressView() }
            }
            .searchable(text: $search.query)
            .navigationTitle("Search")
            .toolbar {
                Button("Close") { dismiss() }
            }
            .onAppear { search.attach(to: library) }
        }
    }
}

#Preview {
    SearchView()
        .environmentObject(LibraryStore())
}
