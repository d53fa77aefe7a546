public struct Basket {}
