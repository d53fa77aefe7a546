import SwiftData
import SwiftUI

/// The season's sightings in a window of their own: the app opens it without the container the main window has.
struct SeasonLog: View {
    @Query(sort: \Sighting.date) private var sightings: [Sighting]

    var body: some View {
        List(sightings) { sighting in
            LabeledContent(sighting.species, value: sighting.count, format: .number)
        }
        .navigationTitle("Season")
    }
}

#Preview {
    SeasonLog()
        .modelContainer(for: Sighting.self, inMemory: true)
}
