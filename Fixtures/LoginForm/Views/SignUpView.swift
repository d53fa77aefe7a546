import SwiftUI

struct SignUpView: View {
    @StateObject private var viewModel: SignUpViewModel
    @Environment(\.dismiss) private var dismiss

    init(service: AuthService) {
        _viewModel = StateObject(wrappedValue: SignUpViewModel(service: service))
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Email", text: $viewModel.email)
                SecureField("Password", text: $viewModel.password)
                Toggle("I accept the terms", isOn: $viewModel.acceptsTerms)
                Button("Create Account") {
                    Task {
                        await viewModel.submit()
                        dismiss()
                    }
                }
                .disabled(!viewModel.canSubmit)
            }
            .navigationTitle("Sign Up")
        }
    }
}

#Preview {
    SignUpView(service: .shared)
}
