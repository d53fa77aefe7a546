import Catalog
import SwiftUI

/// The app's content view, in the app module: it reads the catalog, which the app forgets to provide.
struct ContentView: View {
    @EnvironmentObject var catalog: Catalog

    var body: some View {
        List(catalog.titles, id: \.self) { Text($0) }
    }
}
