func f<T: Equatable, U>(_ t: T) -> [U] where U: Hashable { [] }
let a: Array<Dictionary<String, [Int]>> = []
let b = x as? Int; let c = y as! String; let d = z is Int
