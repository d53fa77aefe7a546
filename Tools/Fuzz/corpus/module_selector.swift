let a = Swift::print
let b = a::b
