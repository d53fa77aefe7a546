import SwiftUI

struct LibraryView: View {
    @EnvironmentObject private var library: LibraryStore
    @State private var statusFilter: ReadingStatus?
    @State private var visibleCount = 0
    @State private var badgesDrawn = 0
    @State private var isShowingSettings = false
    @State private var isShowingSearch = false

    private var filteredBooks: [Book] {
        guard let statusFilter else { return library.books }
        return library.books.filter { $0.status == statusFilter }
    }

    var body: some View {
        NavigationStack {
            VStack {
                let _ = (visibleCount = filteredBooks.count) // expect: state_mutation_in_body
                List {
                    ForEach(filteredBooks) { book in
                        NavigationLink(value: book) {
                            HStack {
                                BookRow(book: book)
                                Spacer()
                                statusBadge(for: book)
                            }
                        }
                    }
                }
                Text("\(library.totalPagesRead) pages read · \(library.syncStatus.summary)")
                    .font(.footnote)
            }
            .navigationTitle("Library (\(visibleCount))")
            .navigationDestination(for: Book.self) { book in
                BookDetailView(book: book)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu("Filter") {
                        Button("All") { statusFilter = nil }
                        ForEach(ReadingStatus.allCases) { status in
                            Button(status.title) { statusFilter = status }
                        }
                    }
                }
                ToolbarItem(placement: .secondaryAction) {
                    Button("Search") { isShowingSearch = true }
                }
                ToolbarItem(placement: .secondaryAction) {
                    Button("Settings") { isShowingSettings = true }
                }
            }
            .refreshable {
                library.refresh()
                library.syncNow()
                filteredBooks.forEach(library.downloadCover(for:))
            }
            .onAppear {
                badgesDrawn = 0
                library.rebuildSearchIndex()
                library.countPagesRead()
            }
            .onChange(of: statusFilter) {
                var recent = library.books
                recent.sort { $0.title < $1.title }
                library.lastOpenedBookID = recent.first?.id
            }
            .sheet(isPresented: $isShowingSettings) {
                SettingsView()
            }
            .sheet(isPresented: $isShowingSearch) {
                SearchView()
            }
        }
    }

    private func statusBadge(for book: Book) -> some View {
        badgesDrawn += 1 // expect: state_mutation_in_body
        return Text(book.status.title)
            .font(.caption2)
            .padding(4)
            .background(.thinMaterial, in: Capsule())
    }
}

#Preview {
    LibraryView()
        .environmentObject(LibraryStore())
        .environmentObject(ReaderSettings())
}
