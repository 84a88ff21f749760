-- Substring search on e-mails, phones and transaction hashes uses trigram GIN indexes (PGlite ships the extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
