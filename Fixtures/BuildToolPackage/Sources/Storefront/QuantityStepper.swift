#if canImport(SwiftUI)
import SwiftUI

struct QuantityStepper: View {
    @State var quantity = 1 // expect: non_private_state

    var body: some View {
        Stepper("Quantity: \(quantity)", value: $quantity, in: 1...10)
    }
}
#endif
