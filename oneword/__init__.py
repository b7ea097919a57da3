"""In One Word: word party games over a pure-Python rules engine."""

__version__ = "0.1.0"
