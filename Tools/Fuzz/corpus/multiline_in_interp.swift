let s = "\("""
  inner
  """)"
