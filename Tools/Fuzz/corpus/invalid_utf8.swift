let a = ÿþ 1
let b = "Ã("
let â‚ c = 2
