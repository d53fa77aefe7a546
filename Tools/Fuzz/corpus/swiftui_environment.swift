import SwiftUI
@main struct DemoApp: App {
    @StateObject private var store = Store()
    var body: some Scene {
        WindowGroup {
            ContentView().overlay(Badge()).environmentObject(store)
                .sheet(isPresented: .constant(true)) { Detail() }
        }
    }
}
struct ContentView: View {
    @EnvironmentObject var store: Store
    @Environment(Settings.self) var settings
    var header: some View { Text("h").withSettings() }
    var body: some View {
        VStack { header; self.header; row(1) }
        #if os(iOS)
        .environmentObject(Settings())
        #endif
    }
    @ViewBuilder func row(_ i: Int) -> some View { if let s = store.item { Text(s) } else { EmptyView() } }
}
