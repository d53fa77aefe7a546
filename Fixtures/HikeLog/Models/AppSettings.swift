import Foundation
import Observation

@Observable
final class AppSettings {
    var usesMetric = true
    var showsElevation = true
    var weeklyGoal = 20.0

    func formattedDistance(_ kilometres: Double) -> String {
        if usesMetric {
            return String(format: "%.1f km", kilometres)
        }
        return String(format: "%.1f mi", kilometres * 0.621_371)
    }
}
