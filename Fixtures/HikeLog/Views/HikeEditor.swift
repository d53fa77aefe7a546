import SwiftUI

struct HikeEditor: View {
    @Environment(\.dismiss) private var dismiss
    @State private var draft: Hike
    let onSave: (Hike) -> Void

    init(hike: Hike, onSave: @escaping (Hike) -> Void) {
        _draft = State(initialValue: hike)
        self.onSave = onSave
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $draft.name)
                DatePicker("Date", selection: $draft.date, displayedComponents: .date)
                Picker("Difficulty", selection: $draft.difficulty) {
                    ForEach(Difficulty.allCases) { difficulty in
                        Text(difficulty.rawValue.capitalized).tag(difficulty)
                    }
                }
                NumberField(title: "Distance (km)", initialValue: draft.distance) { draft.distance = $0 }
                NumberField(title: "Elevation gain (m)", initialValue: draft.elevationGain) { draft.elevationGain = $0 }
            }
            .navigationTitle(draft.name.isEmpty ? "New Hike" : draft.name)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        onSave(draft)
                        dismiss()
                    }
                    .disabled(draft.name.isEmpty)
                }
            }
        }
    }
}

struct NumberField: View {
    let title: String
    let onCommit: (Double) -> Void
    @State private var value: Double

    init(title: String, initialValue: Double, onCommit: @escaping (Double) -> Void) {
        self.title = title
        self.onCommit = onCommit
        _value = State(initialValue: initialValue)
    }

    var body: some View {
        TextField(title, value: $value, format: .number)
            .keyboardType(.decimalPad)
            .onChange(of: value) { _, newValue in onCommit(newValue) }
    }
}

#Preview {
    HikeEditor(hike: Hike.samples[1]) { _ in }
}
