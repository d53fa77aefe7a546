import SwiftData
import SwiftUI

struct TripListView: View {
    @Environment(TripStore.self) private var store
    @Query(sort: \Trip.start) private var trips: [Trip]
    @State private var editedTrip: Trip?

    var body: some View {
        NavigationStack {
            List(trips) { trip in
                TripRow(trip: trip)
                    .onTapGesture { editedTrip = trip }
            }
            .navigationTitle("Trips")
            .sheet(item: $editedTrip) { trip in
                TripEditor(trip: trip)
            }
        }
    }
}

#Preview {
    TripListView()
        .environment(TripStore())
        .modelContainer(for: Trip.self, inMemory: true)
}
