"""dictionary of topiccrawl."""
