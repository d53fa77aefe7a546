let s = "a\(x)b\(y + "c\(z)d")e"
let t = "\(f(a, (b)))"
let c = "\({ x in "\(x)" }(1))"
