print("flowlint: under construction")
