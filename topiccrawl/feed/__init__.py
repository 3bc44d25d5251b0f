"""The change-event feed: JSON with a cursor and Atom, served over HTTP by ``scrapy feed serve``."""
