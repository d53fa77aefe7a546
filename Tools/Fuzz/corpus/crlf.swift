let a = 1
let b = "x"
/* c
 */
let m = """
  y
  """
