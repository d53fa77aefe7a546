import SwiftUI

struct LoginView: View {
    @ObservedObject var viewModel = LoginViewModel() // expect: observed_object_inline
    @State private var isShowingSignUp = false
    @State private var isShowingReset = false

    var body: some View {
        NavigationStack {
            Form {
                CredentialsFields(viewModel: viewModel)
                if let message = viewModel.errorMessage {
                    Text(message)
                        .foregroundStyle(.red)
                }
                Button("Sign In") {
                    Task { await viewModel.submit() }
                }
                .disabled(!viewModel.canSubmit)
                Button("Forgot password?") { isShowingReset = true }
            }
            .navigationTitle("Welcome back")
            .toolbar {
                Button("Create Account") { isShowingSignUp = true }
            }
            .sheet(isPresented: $isShowingSignUp) {
                SignUpView(service: .shared)
            }
            .sheet(isPresented: $isShowingReset) {
                ResetPasswordView(email: viewModel.email)
            }
        }
    }
}

struct CredentialsFields: View {
    @ObservedObject var viewModel: LoginViewModel

    var body: some View {
        TextField("Email", text: $viewModel.email)
            .textContentType(.emailAddress)
        SecureField("Password", text: $viewModel.password)
            .textContentType(.password)
    }
}

#Preview {
    LoginView()
}
