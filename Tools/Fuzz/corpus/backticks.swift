let `default` = 1; `$`; `unclosed
let `` = 2; let `+` = 3; let ` ` = 4
