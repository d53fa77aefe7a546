let r = /ab+c/
let s = x.firstMatch(of: /[a-z]+(\d)/)
let t = a / b / c
let u = try? /x/.wholeMatch(in: s)
f(/, 1)
