// In a synchronized folder no target lists.
