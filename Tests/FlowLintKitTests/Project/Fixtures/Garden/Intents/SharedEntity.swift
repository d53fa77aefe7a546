struct SharedEntity {}
