import SwiftUI

struct BulkEditView: View {
    @Binding var people: [Person]
    @Environment(\.dismiss) private var dismiss
    @State var emailDomain = "example.com" // expect: non_private_state

    var body: some View {
        NavigationStack {
            Form {
                Section("Domain") {
                    TextField("Domain", text: $emailDomain)
                }
                Section("Emails") {
                    ForEach(people.indices, id: \.self) { index in // expect: foreach_index_id
                        TextField(people[index].name, text: $people[index].email)
                    }
                    .onDelete { people.remove(atOffsets: $0) }
                }
            }
            .navigationTitle("Bulk Edit")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Apply Domain", action: applyDomain)
                }
                ToolbarItem(placement: .cancellationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }

    private func applyDomain() {
        for index in people.indices where people[index].email.isEmpty {
            let user = people[index].name.lowercased().replacingOccurrences(of: " ", with: ".")
            people[index].email = user + "@" + emailDomain
        }
    }
}

#Preview {
    @Previewable @State var people = Person.samples
    BulkEditView(people: $people)
}
