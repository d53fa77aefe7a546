import Foundation
let x = 1
