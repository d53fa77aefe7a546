let m = """
    line one
    line "two" \(x)
    \
    joined \n
    """
let n = """
"""
