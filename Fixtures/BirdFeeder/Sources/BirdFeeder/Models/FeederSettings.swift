import Observation
import SwiftUI

@Observable
final class FeederSettings {
    @ObservationIgnored @AppStorage("usesMetric") var usesMetric = true // expect: observation_ignored_storage
    var selectedFeeder = "Garden"
}

@Observable
final class NotificationSettings {
    @ObservationIgnored @AppStorage("notifyRareBirds") private var storedNotify = false

    var notifyRareBirds: Bool {
        get {
            access(keyPath: \.notifyRareBirds)
            return storedNotify
        }
        set {
            withMutation(keyPath: \.notifyRareBirds) { storedNotify = newValue }
        }
    }
}

@Observable
final class Aviary {
    var residents: [String] = []
}

@Observable
final class Forecast {
    var summary = "Clear"
}
