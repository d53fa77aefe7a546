// Excluded from the widget by its exception set.
