infix operator ∘: MultiplicationPrecedence
func ∘ (f: F, g: G) -> H { }
let x = a ∘ b ≠ c
prefix operator √
let y = √x; let z = a <*> b; let w = a .+. b
