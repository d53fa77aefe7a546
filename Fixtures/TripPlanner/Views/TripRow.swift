import SwiftUI

struct TripRow {
    let trip: Trip
    @State private var isExpanded = false
}
