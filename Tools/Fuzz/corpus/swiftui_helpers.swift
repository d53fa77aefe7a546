import SwiftUI
extension View {
    func withSettings() -> some View { environmentObject(UserSettings()) }
    func withStore(_ s: Store) -> some View { self.environment(s).padding() }
}
struct Rows: View {
    @ObservedObject var model = Model()
    var items: [Int] = []
    init() { _model = ObservedObject(wrappedValue: Model()) }
    var body: some View {
        List { ForEach(items.indices, id: \.self) { i in Text("\(items[i])") } }
        ForEach(0..<items.count) { i in Text("\(i)") } // flowlint:disable:this foreach_index_id
    }
}
// flowlint:disable all
struct P: PreviewProvider { static var previews: some View { Rows().environmentObject(Store()) } }
// flowlint:enable foreach_index_id
#Preview { ContentView().environmentObject(Store()) }
