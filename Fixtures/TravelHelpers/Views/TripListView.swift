import SwiftUI

struct TripListView: View {
    @EnvironmentObject var theme: Theme
    @State private var trips = [
        Trip(destination: "Lisbon", nights: 4),
        Trip(destination: "Kyoto", nights: 7),
    ]

    var body: some View {
        ScrollView {
            LazyVStack(spacing: 12) {
                ForEach($trips) { $trip in
                    TripCard(trip: $trip)
                }
            }
            .padding()
        }
        .toolbar {
            Button("Add Trip") {
                trips.append(Trip(destination: "New trip", nights: 1))
            }
            .buttonStyle(PillButtonStyle(tint: theme.accent))
        }
    }
}

struct TripCard: View {
    @Binding var trip: Trip

    var body: some View {
        VStack(alignment: .leading) {
            TextField("Destination", text: $trip.destination)
                .font(.headline)
            Stepper("Nights", value: $trip.nights, in: 1...30)
        }
        .card()
    }
}

#Preview("With services") {
    TripListView()
        .withPreviewServices()
}

#Preview("Bare") {
    TripListView() // expect: missing_environment_object_in_preview
}
