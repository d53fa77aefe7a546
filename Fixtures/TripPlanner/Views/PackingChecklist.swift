import SwiftUI

struct PackingChecklist: View {
    let items: [String]
    let title: String
    @State private var packed: Set<String> = []
    @State private var isShowingPacked = true

    var body: some View {
        List {
            ForEach(items.filter { isShowingPacked || !packed.contains($0) }, id: \.self) { item in
                Button(item) { packed.formSymmetricDifference([item]) }
            }
        }
        .navigationTitle(title)
        .toolbar {
            Toggle("Show packed", isOn: $isShowingPacked)
        }
    }
}
