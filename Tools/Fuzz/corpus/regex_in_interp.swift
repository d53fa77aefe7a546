let s = "\(/ab/)"
let t = "\(#/x/#)"
