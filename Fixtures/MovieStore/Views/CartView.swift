import SwiftUI

struct CartView: View {
    @EnvironmentObject var cart: Cart
    @State var promoCode = "" // expect: non_private_state

    var body: some View {
        NavigationStack {
            List {
                ForEach($cart.items) { $item in
                    Stepper(item.movie.title, value: $item.quantity, in: 1...10)
                }
                .onDelete { cart.items.remove(atOffsets: $0) }
                Section {
                    TextField("Promo code", text: $promoCode)
                    LabeledContent("Total", value: cart.total, format: .currency(code: "USD"))
                }
            }
            .navigationTitle("Cart")
        }
    }
}

#Preview {
    CartView() // expect: missing_environment_object_in_preview
}
