"""topiccrawl: focused crawling of forums and topical sites, with change notification."""

from __future__ import annotations

__version__ = "0.1.0"
