import SwiftUI

struct SettingsForm: View {
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        Slider(value: $preferences.volume)
    }
}

#if os(iOS)
/// The iOS settings screen; macOS uses the Settings scene.
struct Settings: View {
    @EnvironmentObject var account: Account

    var body: some View {
        Form { TextField("Email", text: $account.email) }
    }
}

struct AccountTab: View {
    var body: some View {
        Settings().environmentObject(Account())
    }
}
#endif
