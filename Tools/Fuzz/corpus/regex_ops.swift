let x = !/abc/
prefix operator /^/
postfix func /(l: Int) { 5/ }
let y = a /b/ c
let z = /) /
