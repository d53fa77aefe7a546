import SwiftData
import SwiftUI

@Observable
final class TripStore {
    @ObservationIgnored @Environment(\.modelContext) private var context // expect: dynamic_property_outside_view
    @ObservationIgnored private let settings = SettingsStorage()

    var selectedTripName: String?
    var prefersMetric: Bool {
        didSet { settings.prefersMetric = prefersMetric }
    }

    init() {
        prefersMetric = settings.prefersMetric
    }

    func add(_ trip: Trip) {
        context.insert(trip)
    }
}

/// UserDefaults behind the store, which announces the changes itself.
final class SettingsStorage {
    @AppStorage("prefersMetric") var prefersMetric = true
}

final class PackingListModel: ObservableObject {
    @State var isPacked = false // expect: dynamic_property_outside_view
    @Published var items: [String] = []
}
