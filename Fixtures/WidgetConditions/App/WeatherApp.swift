import SwiftUI

@main
struct WeatherApp: App {
    @StateObject private var session = AccountSession()

    var body: some Scene {
        WindowGroup {
            ForecastScreen()
                .environmentObject(session)
        }
    }
}
