"""Spiders: ``follow`` (breadth-first baseline), plus the focused spiders as they land."""
