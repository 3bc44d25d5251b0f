"""middlewares of topiccrawl."""
