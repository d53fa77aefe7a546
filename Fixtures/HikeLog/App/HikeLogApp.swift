import SwiftUI

@main
struct HikeLogApp: App {
    @State private var store = HikeStore()
    @State private var settings = AppSettings()
    @StateObject private var weather = WeatherService()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(store)
                .environment(settings)
                .environmentObject(weather)
        }
    }
}
