-- Bumped by every change to a business's heating records and by every batch of reports, so a
-- server can tell whether views it computed earlier are still current.
ALTER TABLE businesses ADD COLUMN data_version BIGINT NOT NULL DEFAULT 0;
