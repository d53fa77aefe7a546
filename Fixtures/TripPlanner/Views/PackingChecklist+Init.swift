import SwiftUI

extension PackingChecklist {
    init(trip: Trip) { // expect: state_init_in_other_file
        items = trip.stopNames
        title = trip.name
    }

    init(items: [String]) {
        self.init(trip: Trip(name: "Packing", start: .now, stopNames: items))
    }
}
