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
