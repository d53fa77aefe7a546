import SwiftUI
import WidgetKit

struct ForecastEntry: TimelineEntry {
    var date: Date
    var forecast: Forecast
}

struct WeatherWidgetView: View {
    var entry: ForecastEntry

    var body: some View {
        ForecastBadge(forecast: entry.forecast)
    }
}

#Preview {
    // The widget's badge reads no account (EXTENSION is defined here): nothing is missing.
    WeatherWidgetView(entry: ForecastEntry(date: .now, forecast: .sample))
}
