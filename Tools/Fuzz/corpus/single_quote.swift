let c = 'a'
let d = 'abc
