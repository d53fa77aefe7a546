import SwiftUI

struct LibraryView: View {
    @State private var episodes = [
        Episode(id: 1, title: "Pilot", duration: 1_800),
        Episode(id: 2, title: "The Interview", duration: 2_400),
    ]
    @State private var isShowingNowPlaying = false

    var body: some View {
        NavigationStack {
            List(episodes) { episode in
                NavigationLink(episode.title, value: episode)
            }
            .navigationTitle("Library")
            .navigationDestination(for: Episode.self) { episode in
                EpisodeDetailView(episode: episode)
            }
            .safeAreaInset(edge: .bottom) {
                MiniPlayer { isShowingNowPlaying = true }
            }
            .fullScreenCover(isPresented: $isShowingNowPlaying) {
                NowPlayingView()
            }
        }
    }
}

#Preview {
    LibraryView()
        .environmentObject(Player.preview)
}
