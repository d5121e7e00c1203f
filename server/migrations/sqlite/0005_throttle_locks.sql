-- One row per throttle key, locked by a sign-in while it counts the key's recent failures and
-- reserves its own attempt, so parallel attempts for one key are counted one after another.
-- (SQLite has one writer at a time anyway; PostgreSQL needs the row lock.)
CREATE TABLE throttle_locks (throttle_key TEXT PRIMARY KEY);
