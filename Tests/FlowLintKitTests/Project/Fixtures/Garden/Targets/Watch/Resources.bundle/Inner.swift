// Inside a folder Xcode treats as one item.
