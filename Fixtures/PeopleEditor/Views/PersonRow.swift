import SwiftUI

struct PersonRow: View {
    @Binding var person: Person

    var body: some View {
        HStack {
            TextField("Name", text: $person.name)
            Button {
                person.isFavorite.toggle()
            } label: {
                Image(systemName: person.isFavorite ? "star.fill" : "star")
            }
            .buttonStyle(.borderless)
        }
    }
}

#Preview {
    @Previewable @State var person = Person(name: "Ada Lovelace", email: "ada@example.com")
    PersonRow(person: $person)
}
