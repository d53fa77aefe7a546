import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var settings: ReaderSettings
    @StateObject private var importer = ImportViewModel()
    @State private var csvText = ""

    var body: some View {
        NavigationStack {
            Form {
                Section("Reading") {
                    Stepper("Font size: \(Int(settings.fontSize))", value: $settings.fontSize, in: 12...28)
                    Toggle("Serif font", isOn: $settings.usesSerifFont)
                    Stepper("Daily goal: \(settings.dailyGoalMinutes) min", value: $settings.dailyGoalMinutes, in: 5...120, step: 5)
                    Toggle("Keep screen awake", isOn: $settings.keepsScreenAwake)
                }
                Section("Import from Goodreads") {
                    TextEditor(text: $csvText)
                        .frame(minHeight: 120)
                    if importer.isImporting {
                        ProgressView(value: importer.progress)
                    } else {
                        Button("Import") { importer.importCSV(csvText) }
                            .disabled(csvText.isEmpty)
                    }
                    ForEach(importer.importedTitles, id: \.self) { title in
                        Text(title)
                    }
                }
            }
            .navigationTitle("Settings")
        }
    }
}

#Preview {
    SettingsView()
        .environmentObject(ReaderSettings())
}
