let a = b+/*c*/d; let e = f+//g
 h; let i = j */ k
