let x = 1 /* never /* closed */
let y = 2
