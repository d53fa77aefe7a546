let x = <#value#>
f(<#T##Int#>, <#String#>)
let y = a <#b
