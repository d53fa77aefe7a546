let a = ""; let b = #""#; let c = """
"""
let d = "\(x)"
