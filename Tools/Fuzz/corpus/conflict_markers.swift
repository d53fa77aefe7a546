let a = 1
<<<<<<< HEAD
let b = 2
=======
let b = 3
>>>>>>> branch
let c = 4
