import SwiftUI
import WidgetKit

struct LatestEntryView: View {
    var entry: Entry

    var body: some View {
        Text(entry.title)
    }
}
