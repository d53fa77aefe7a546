import SwiftUI

public final class Cart: ObservableObject {
    @Published public var count = 0
    public init() {}
}

public final class Catalog: ObservableObject {
    @Published public var titles: [String] = []
    public init() {}
}
