let s = “hello”
let t = ”x
