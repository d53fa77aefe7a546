let k = \Person.name; let l = \.count; let m = \[Int].count; let n = \String.self
