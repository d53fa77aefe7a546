import SwiftUI

struct PreferencesView: View {
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        Form {
            Slider(value: $preferences.fontSize, in: 10...24) {
                Text("Font size")
            }
            Toggle("Show word count", isOn: $preferences.showsWordCount)
            Toggle("Newest notes first", isOn: $preferences.sortNewestFirst)
        }
        .padding()
        .frame(width: 360)
    }
}

#Preview {
    PreferencesView()
        .environmentObject(Preferences())
}
