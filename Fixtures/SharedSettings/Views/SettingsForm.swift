import SwiftUI

struct SettingsForm: View {
    @EnvironmentObject var settings: UserSettings
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section("Profile") {
                    TextField("Display name", text: $settings.displayName)
                    Picker("Avatar", selection: $settings.avatarStyle) {
                        ForEach(UserSettings.AvatarStyle.allCases) { style in
                            Text(style.rawValue.capitalized).tag(style)
                        }
                    }
                }
                Section("Appearance") {
                    ColorPicker("Accent color", selection: $settings.accentColor)
                    Toggle("Show online status", isOn: $settings.showsOnlineStatus)
                }
                Section {
                    AvatarBadge(size: 64)
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
    NavigationStack {
        SettingsForm()
    }
    .environmentObject(UserSettings.preview)
}
