import SwiftUI

struct ResetPasswordView: View {
    @ObservedObject var model: ResetPasswordModel

    init(email: String) {
        _model = ObservedObject(wrappedValue: ResetPasswordModel(email: email)) // expect: observed_object_inline
    }

    var body: some View {
        Form {
            TextField("Email", text: $model.email)
            if model.didSend {
                Label("Check your inbox", systemImage: "envelope")
            } else {
                Button("Send Reset Link") {
                    Task { await model.send() }
                }
            }
        }
    }
}

#Preview {
    ResetPasswordView(email: "ada@example.com")
}
