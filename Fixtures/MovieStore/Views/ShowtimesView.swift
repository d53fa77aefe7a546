import SwiftUI

struct ShowtimesView: View {
    let showtimes: [Date]

    var body: some View {
        ForEach(showtimes.indices, id: \.self) { index in
            HStack {
                Text("Screening")
                    .badge(index + 1)
                Spacer()
                Text(showtimes[index], style: .time)
            }
        }
    }
}
