struct S: P { var x: Int; func f() throws -> Self { return self } }
actor A { nonisolated func g() async { await h() } }
let x = some P; any P; consume x; _modify { }
