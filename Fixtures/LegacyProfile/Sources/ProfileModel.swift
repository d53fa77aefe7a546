import Combine
import SwiftUI

final class ProfileModel: ObservableObject {
    @Published var name = ""
    @Published var isSaving = false
}
