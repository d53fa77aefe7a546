import SwiftUI

struct ServingsPicker: View {
    @Binding var servings: Int
    var maxServings = 12

    var body: some View {
        Picker("Servings", selection: $servings) {
            ForEach(1...maxServings, id: \.self) { count in
                Text(count, format: .number).tag(count)
            }
        }
    }
}

#Preview {
    @Previewable @State var servings = 4
    ServingsPicker(servings: $servings)
}
