let a = b + c - d * e / f % g
let x = !y; let z = y!; let w = y?.z; let t = c ? d : e
let r = 1...5; let s = 1..<5; let u = ..<5; let v = x...
let p = &q; a &+= 1; a <<= 2; a ?? b; a -> b; a == b; a != b; a === b
