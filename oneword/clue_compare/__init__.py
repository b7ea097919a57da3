"""Just One (FEATURES.md J), the app's second, cooperative game."""
