import SwiftUI

@main
struct LoginFormApp: App {
    var body: some Scene {
        WindowGroup {
            LoginView()
        }
    }
}
