-- Custom SQL migration file, put your code below! --
-- Trigram indexes for the order and customer search (lower(x) LIKE '%…%', ILIKE). PGlite loads the extension in src/db/client.ts; on PostgreSQL pg_trgm is a trusted contrib extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
