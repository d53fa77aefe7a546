import SwiftUI

extension TripRow: View {
    var body: some View {
        DisclosureGroup(trip.name, isExpanded: $isExpanded) {
            ItineraryView(stops: trip.stopNames.enumerated().map { ItineraryStop(name: $1, day: $0 + 1) })
        }
    }
}
