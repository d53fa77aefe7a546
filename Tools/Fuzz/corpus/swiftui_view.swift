struct ContentView: View {
    @StateObject private var vm = VM()
    var body: some View {
        VStack {
            ForEach(items.indices, id: \.self) { i in Text("\(items[i])") }
            Button("Tap") { vm.count += 1 }
        }
        .environmentObject(vm)
    }
}
