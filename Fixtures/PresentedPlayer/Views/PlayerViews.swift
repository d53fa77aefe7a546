import SwiftUI

struct MiniPlayer: View {
    @EnvironmentObject var player: Player
    var onExpand: () -> Void

    var body: some View {
        if let episode = player.current {
            Button(episode.title, action: onExpand)
                .padding()
        }
    }
}

struct NowPlayingView: View {
    @EnvironmentObject var player: Player
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 24) {
            Text(player.current?.title ?? "Nothing playing")
                .font(.title)
            Button(player.isPlaying ? "Pause" : "Play") { player.isPlaying.toggle() }
            Button("Close") { dismiss() }
        }
    }
}

struct EpisodeDetailView: View {
    let episode: Episode
    @EnvironmentObject var player: Player
    @State private var isShowingInfo = false

    var body: some View {
        VStack {
            Button("Play") { player.play(episode) }
            Button("Info") { isShowingInfo = true }
                .popover(isPresented: $isShowingInfo) {
                    QueueView()
                }
        }
        .navigationTitle(episode.title)
    }
}

struct QueueView: View {
    @EnvironmentObject var player: Player

    var body: some View {
        List(player.queue) { episode in
            Text(episode.title)
        }
    }
}
