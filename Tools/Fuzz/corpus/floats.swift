let a = 1.5; let b = 1_000.5e+3; let c = 1e10; let d = 2E-3; let e = 0x1p-2; let f = 0x1.8p3
let g = 1.e5; let h = 1e; let i = 0x1.8; let j = 0xff.description; let k = x.0.1; let l = 1..<2; let m = .5
