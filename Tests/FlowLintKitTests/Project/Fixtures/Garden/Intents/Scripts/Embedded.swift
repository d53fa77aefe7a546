// Moved to a Copy Files phase of the app: not compiled.
