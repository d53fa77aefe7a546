let s = #"""
  a \#
  b
  """#
