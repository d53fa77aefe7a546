let a = x ⊕ y; let b = x × y ÷ z; let c = ¬x; let d = x‼
