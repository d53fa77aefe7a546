import SwiftData
import SwiftUI

@main
struct TripPlannerApp: App {
    @State private var store = TripStore()

    var body: some Scene {
        WindowGroup {
            TripListView()
                .environment(store)
        }
        .modelContainer(for: Trip.self)
    }
}
