let r = #/a/b/#
let e = #/
  (?<word> \w+ )  # comment
  /#
let u = #/unterminated
let v = ##/x/#/##
