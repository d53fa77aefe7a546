let a = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
#if
#endif
# if
#ifx
