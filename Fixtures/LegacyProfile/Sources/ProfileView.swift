import SwiftUI

/// The app still supports iOS 13, where `@StateObject` does not exist.
struct ProfileView: View {
    @ObservedObject var model = ProfileModel() // expect: observed_object_inline

    var body: some View {
        Form {
            TextField("Name", text: $model.name)
        }
    }
}

/// The root the scene delegate hosts: made once and kept by its `UIHostingController`, it already is the owner
/// that outlives the screen, so its session is not reported on this target.
struct RootView: View {
    @ObservedObject var session = SessionModel()

    var body: some View {
        NavigationView {
            VStack {
                TextField("User", text: $session.user)
                NavigationLink("Profile", destination: ProfileView())
            }
        }
    }
}
