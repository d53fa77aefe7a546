import SwiftUI

/// Compiled into the app and the widget. The widget target defines EXTENSION: there the badge has no account.
struct ForecastBadge: View {
    #if !EXTENSION
    @EnvironmentObject var session: AccountSession
    #endif
    let forecast: Forecast

    var body: some View {
        VStack {
            Text("\(forecast.city): \(forecast.temperature)°")
            #if !EXTENSION
            Text("for \(session.userName)")
            #endif
        }
    }
}
