let r = #"raw \n \#(x) "quoted" "#
let rr = ##"a "# b"##
let m = #"""
  raw multi \#(y)
  """#
let q = #"""#
let w = ###"x"###
