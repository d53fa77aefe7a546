import SwiftUI

/// A library row: title, author and reading progress, with a context menu to log pages without opening the book.
struct BookRow: View {
    let book: Book
    @EnvironmentObject private var library: LibraryStore
    @State private var pagesRead: Int

    init(book: Book) {
        self.book = book
        _pagesRead = State(initialValue: book.pagesRead)
    }

    var body: some View {
        VStack(alignment: .leading) {
            Text(book.title)
            Text("\(book.author) · \(pagesRead) of \(book.pageCount) pages")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .contextMenu {
            Button("Read 10 More Pages") {
                pagesRead = min(pagesRead + 10, book.pageCount)
                var updated = book
                updated.pagesRead = pagesRead
                library.update(updated)
            }
        }
    }
}
