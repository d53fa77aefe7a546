import SwiftUI

struct StatisticsView: View {
    @EnvironmentObject var library: NoteLibrary

    var body: some View {
        Form {
            LabeledContent("Notes", value: library.notes.count, format: .number)
            LabeledContent("Words", value: library.wordCount, format: .number)
        }
        .padding()
        .frame(minWidth: 240)
    }
}
