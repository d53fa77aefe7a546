import SwiftUI

struct SettingsView: View {
    @Environment(FeederSettings.self) private var settings
    @State private var notifications = NotificationSettings()
    @State private var gauge = SeedGauge()

    var body: some View {
        @Bindable var settings = settings
        Form {
            Toggle("Metric units", isOn: $settings.usesMetric)
            Toggle("Rare birds", isOn: $notifications.notifyRareBirds)
            ProgressView("Seed", value: gauge.level)
        }
    }
}
