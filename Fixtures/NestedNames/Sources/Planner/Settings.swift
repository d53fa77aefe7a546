import SwiftUI

enum Settings {}

extension Settings {
    struct RootView: View {
        @EnvironmentObject var preferences: Preferences

        var body: some View {
            Toggle("Compact", isOn: $preferences.compact)
        }
    }
}
