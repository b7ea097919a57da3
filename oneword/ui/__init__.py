"""Streamlit helpers the pages share: identity, refresh, and rendering.

Pages read like a description of the screen; the details of how a card or
a countdown is drawn live here.
"""
