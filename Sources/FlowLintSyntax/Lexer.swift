// Placeholder so the module compiles while the lexer is being written; replaced by the real lexer.
