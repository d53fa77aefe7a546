// Not compiled on Linux (no SwiftUI there): FlowLint reads it as text. It holds one deliberate finding,
// `observed_object_inline`, which Tests/integration/plugin.sh expects in the plugin's report.
#if canImport(SwiftUI)
import SwiftUI

final class Counter: ObservableObject {
    @Published var value = 0
}

struct CounterView: View {
    @ObservedObject var counter = Counter() // expect: observed_object_inline

    var body: some View {
        Button("Count: \(counter.value)") { counter.value += 1 }
    }
}
#endif

/// Something for the target to compile on every platform.
public let demoVersion = 1
