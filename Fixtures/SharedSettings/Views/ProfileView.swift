import SwiftUI

struct ProfileView: View {
    @State private var isEditingSettings = false

    var body: some View {
        NavigationStack {
            List {
                ProfileHeader()
                Section("Activity") {
                    Label("12 reviews", systemImage: "star")
                    Label("3 lists", systemImage: "list.bullet")
                }
            }
            .navigationTitle("Profile")
            .toolbar {
                Button("Settings") { isEditingSettings = true }
            }
            .sheet(isPresented: $isEditingSettings) {
                SettingsForm()
            }
        }
    }
}

#Preview {
    ProfileView()
        .environmentObject(UserSettings())
}
