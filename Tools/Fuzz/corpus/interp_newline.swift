let s = "\(x
let t = 1
let u = "\(a + (b
