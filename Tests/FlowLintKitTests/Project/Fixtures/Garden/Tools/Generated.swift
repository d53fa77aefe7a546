struct Generated {}
