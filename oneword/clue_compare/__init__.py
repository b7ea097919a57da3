"""Just One (docs/rules.md J), the app's second, cooperative game."""
