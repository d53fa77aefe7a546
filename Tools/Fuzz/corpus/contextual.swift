var v: Int { get { 1 } set { } willSet { } didSet { } }
lazy var l = 0
indirect enum E { case a }
precedencegroup G { associativity: left }
