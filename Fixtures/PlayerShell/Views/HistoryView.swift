import SwiftUI

struct HistoryView: View {
    // Declared for a feature that never shipped: never read, so never looked up.
    @EnvironmentObject var library: Library

    var body: some View {
        Text("History")
    }
}

#Preview {
    HistoryView()
}
