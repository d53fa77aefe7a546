import SwiftUI

/// Benchmark input: a 200-line settings screen, the size of a typical view file.
struct AccountSettingsView: View {
    @StateObject private var model = AccountSettingsModel()
    @EnvironmentObject var session: Session
    @State private var showsDeleteConfirmation = false
    @State private var draftName = ""

    var body: some View {
        NavigationStack {
            Form {
                Section("Group 0") {
                    Toggle("Option 0", isOn: $model.flags[0])
                    TextField("Value 0", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 1") {
                    Toggle("Option 1", isOn: $model.flags[1])
                    TextField("Value 1", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 2") {
                    Toggle("Option 2", isOn: $model.flags[2])
                    TextField("Value 2", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 3") {
                    Toggle("Option 3", isOn: $model.flags[3])
                    TextField("Value 3", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 4") {
                    Toggle("Option 4", isOn: $model.flags[4])
                    TextField("Value 4", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 5") {
                    Toggle("Option 5", isOn: $model.flags[5])
                    TextField("Value 5", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 6") {
                    Toggle("Option 6", isOn: $model.flags[6])
                    TextField("Value 6", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 7") {
                    Toggle("Option 7", isOn: $model.flags[7])
                    TextField("Value 7", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 8") {
                    Toggle("Option 8", isOn: $model.flags[0])
                    TextField("Value 8", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 9") {
                    Toggle("Option 9", isOn: $model.flags[1])
                    TextField("Value 9", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 10") {
                    Toggle("Option 10", isOn: $model.flags[2])
                    TextField("Value 10", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 11") {
                    Toggle("Option 11", isOn: $model.flags[3])
                    TextField("Value 11", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 12") {
                    Toggle("Option 12", isOn: $model.flags[4])
                    TextField("Value 12", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 13") {
                    Toggle("Option 13", isOn: $model.flags[5])
                    TextField("Value 13", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 14") {
                    Toggle("Option 14", isOn: $model.flags[6])
                    TextField("Value 14", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 15") {
                    Toggle("Option 15", isOn: $model.flags[7])
                    TextField("Value 15", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 16") {
                    Toggle("Option 16", isOn: $model.flags[0])
                    TextField("Value 16", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 17") {
                    Toggle("Option 17", isOn: $model.flags[1])
                    TextField("Value 17", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 18") {
                    Toggle("Option 18", isOn: $model.flags[2])
                    TextField("Value 18", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
                Section("Group 19") {
                    Toggle("Option 19", isOn: $model.flags[3])
                    TextField("Value 19", text: $draftName)
                        .textInputAutocapitalization(.never)
                    ForEach(model.items) { item in
                        Text(item.title).font(.body)
                    }
                }
            }
            .navigationTitle("Account")
            .toolbar {
                Button("Delete", role: .destructive) { showsDeleteConfirmation = true }
            }
        }
    }
}

final class AccountSettingsModel: ObservableObject {
    struct Item: Identifiable { let id = UUID(); var title: String }
    @Published var flags = Array(repeating: false, count: 8)
    @Published var items: [Item] = []

    func load() {
        items = (0..<20).map { Item(title: "Item \($0)") }
    }
}

final class Session: ObservableObject {
    @Published var userName = ""
}






