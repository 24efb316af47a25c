"""Arbiter's rules engine: pure Python, no Django import anywhere.

Card data (cards), formats and card-pool legality (formats, legality), and the
decklist text parser. Django apps call it; it never calls them.
"""
