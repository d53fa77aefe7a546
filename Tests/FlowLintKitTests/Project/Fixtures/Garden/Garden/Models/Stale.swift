// In a group, in no build phase: compiled by no target.
