let greeting = "Hello"
