import SwiftUI

struct SettingsView: View {
    @Environment(AppSettings.self) private var settings
    @EnvironmentObject private var weather: WeatherService
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        @Bindable var settings = settings
        NavigationStack {
            Form {
                Section("Units") {
                    Toggle("Metric units", isOn: $settings.usesMetric)
                    Toggle("Show elevation", isOn: $settings.showsElevation)
                    Stepper("Weekly goal: \(Int(settings.weeklyGoal)) km", value: $settings.weeklyGoal, in: 5...200, step: 5)
                }
                Section("Weather") {
                    TextField("Trailhead", text: $weather.trailhead)
                    Toggle("Refresh automatically", isOn: $weather.refreshesAutomatically)
                    Button("Refresh now") { weather.refresh() }
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                Button("Done") { dismiss() }
            }
        }
    }
}

#Preview {
    SettingsView()
        .environment(AppSettings())
        .environmentObject(WeatherService())
}
