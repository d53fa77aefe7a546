import SwiftUI

struct BookDetailView: View {
    let book: Book
    @EnvironmentObject private var library: LibraryStore
    @State private var draftTitle: String
    @State private var notes: String
    @State private var status: ReadingStatus
    @State private var rating: Double
    @State private var isShowingTimer = false
    @StateObject private var review: ReviewModel

    init(book: Book) {
        self.book = book
        _draftTitle = State(initialValue: book.title)
        _notes = State(initialValue: book.notes ?? "")
        _status = State(initialValue: book.status)
        _rating = State(initialValue: Double(book.rating ?? 0))
        _review = StateObject(wrappedValue: ReviewModel(book: book))
    }

    var body: some View {
        Form {
            Section("Book") {
                TextField("Title", text: $draftTitle)
                Picker("Status", selection: $status) {
                    ForEach(ReadingStatus.allCases) { status in
                        Text(status.title).tag(status)
                    }
                }
                Slider(value: $rating, in: 0...5, step: 1)
                ProgressView(value: book.progress)
            }
            Section("Notes") {
                TextEditor(text: $notes)
            }
            Section("Review") {
                TextEditor(text: $review.text)
                Button("Post Review") { review.post() }
                    .disabled(review.isPosting)
            }
            Button("Start Reading Session") { isShowingTimer = true }
        }
        .navigationTitle(book.title)
        .toolbar {
            Button("Save") {
                var edited = book
                edited.title = draftTitle
                edited.notes = notes
                edited.status = status
                edited.rating = rating == 0 ? nil : Int(rating)
                library.update(edited)
            }
        }
        .sheet(isPresented: $isShowingTimer) {
            ReadingTimerView(book: book)
        }
    }
}

#Preview {
    NavigationStack {
        BookDetailView(book: Book.samples[0])
    }
    .environmentObject(LibraryStore())
}
