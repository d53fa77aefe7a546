import Observation

final class SeedStock: Observable { // expect: observable_conformance_without_macro
    var grams = 500

    func refill() {
        grams = 500
    }
}

final class SeedGauge: Observable {
    private let registrar = ObservationRegistrar()
    private var storedLevel = 1.0

    var level: Double {
        get {
            registrar.access(self, keyPath: \.level)
            return storedLevel
        }
        set {
            registrar.withMutation(of: self, keyPath: \.level) { storedLevel = newValue }
        }
    }
}

@Observable
final class SightingDraft {
    var species = ""
    var count = 1
}

@Observable
final class TallyCounter {
    var total = 0
}
