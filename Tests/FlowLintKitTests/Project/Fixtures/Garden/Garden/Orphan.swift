// In no group and no target.
