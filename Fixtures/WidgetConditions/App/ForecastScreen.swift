import SwiftUI

struct ForecastScreen: View {
    var body: some View {
        NavigationStack {
            ForecastBadge(forecast: .sample)
        }
    }
}

#Preview {
    ForecastBadge(forecast: .sample) // expect: missing_environment_object_in_preview
}
