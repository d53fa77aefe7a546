let a = $0; let b = $12; let c = $foo; let d = $
let e = $0.x
