let café = 1
var `class` = 2
let `a b` = 3
let 𝔸 = $0 + $name + $ + _ + _x
let é́ = 1
