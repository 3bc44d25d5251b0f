"""pipelines of topiccrawl."""
