import SwiftUI

struct TripEditor: View {
    let trip: Trip
    @State private var name = ""
    @Environment(\.dismiss) private var dismiss

    init(trip: Trip) {
        self.trip = trip
        name = trip.name // expect: state_assigned_with_default_in_init
    }

    var body: some View {
        Form {
            TextField("Name", text: $name)
            Button("Save") {
                trip.name = name
                dismiss()
            }
        }
    }
}
