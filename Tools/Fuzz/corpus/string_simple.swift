let s = "hello, world"
let e = "a\n\t\"\\\0\u{1F600}\u{}"
let u = "unterminated
let after = 1
