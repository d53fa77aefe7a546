#Preview { ContentView() }
let s = #selector(f)
let f = #file; let l = #line; #warning("x"); #error("y")
@freestanding(expression) macro stringify<T>(_ v: T) = #externalMacro(module: "M", type: "S")
