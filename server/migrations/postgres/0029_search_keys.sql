-- A name's search key: lower-cased and without accents or other marks (store::search_key), so
-- that searching "cafe" finds "Café". Lists are sorted by it. Rows stored before it are keyed by
-- the server as it starts (Store::key_stored_names).
ALTER TABLE zones ADD COLUMN search_key TEXT;
ALTER TABLE rooms ADD COLUMN search_key TEXT;
ALTER TABLE radiators ADD COLUMN search_key TEXT;
ALTER TABLE schedules ADD COLUMN search_key TEXT;
