import SwiftUI
import Observation

@Observable
final class Router {
    var path = NavigationPath()

    func showEntry(_ id: Entry.ID) {
        path.append(id)
    }
}

@Observable
final class Telemetry {
    var events: [String] = []
}
