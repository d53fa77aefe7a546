extension UInt8 {
    /// The value of an ASCII hexadecimal digit (`0`-`9`, `a`-`f`, `A`-`F`), nil for any other byte: for the escapes
    /// of the configuration's YAML and the data and `\U` escapes of old-style property lists.
    var hexadecimalDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
