"""journal: a printable campaign journal and scripted companion for tabletop games."""

__version__ = "0.1.0"
