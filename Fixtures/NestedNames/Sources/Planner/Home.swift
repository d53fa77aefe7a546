import SwiftUI

enum Home {
    struct RootView: View {
        @EnvironmentObject var feed: Feed

        var body: some View {
            List(feed.items, id: \.self) { Text($0) }
        }
    }
}
