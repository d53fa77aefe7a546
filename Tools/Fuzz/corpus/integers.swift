let a = 42; let b = 1_000_000; let c = 0b1010_1010; let d = 0o777; let e = 0xDEAD_beef
let f = 0x; let g = 0b2; let h = 0o9; let i = 12abc
