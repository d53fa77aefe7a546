let f = { (a: Int, b: Int) -> Int in a + b }
let g = xs.map { $0 * 2 }.filter { $0 > 1 }.reduce(0, +)
