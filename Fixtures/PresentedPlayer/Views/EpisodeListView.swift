import SwiftUI

struct EpisodeListView: View {
    @StateObject private var player = Player()
    @State private var isShowingQueue = false

    var body: some View {
        VStack {
            Button("Show queue") { isShowingQueue = true }
                .environmentObject(player)
                .sheet(isPresented: $isShowingQueue) {
                    QueueView()
                }
            Text("Episodes")
        }
    }
}

#Preview {
    EpisodeListView() // expect: missing_environment_object_in_preview
}
