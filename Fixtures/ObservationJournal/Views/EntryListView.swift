import SwiftUI

struct EntryListView: View {
    @Environment(Journal.self) private var journal
    @Environment(Router.self) private var router

    var body: some View {
        List {
            Section {
                MoodPicker { mood in journal.add(mood) }
            }
            ForEach(journal.entries) { entry in
                Button {
                    router.showEntry(entry.id)
                } label: {
                    LabeledContent(entry.mood.emoji, value: entry.date, format: .dateTime.day().month())
                }
            }
            .onDelete { journal.entries.remove(atOffsets: $0) }
        }
        .navigationTitle("Journal")
    }
}

struct MoodPicker: View {
    var onPick: (Mood) -> Void
    @Environment(Telemetry.self) private var telemetry: Telemetry?

    var body: some View {
        HStack {
            ForEach(Mood.allCases) { mood in
                Button(mood.emoji) {
                    telemetry?.events.append("picked " + mood.rawValue)
                    onPick(mood)
                }
                .font(.largeTitle)
            }
        }
    }
}

#Preview {
    NavigationStack {
        EntryListView()
    }
    .environment(Journal.preview)
    .environment(Router())
}
