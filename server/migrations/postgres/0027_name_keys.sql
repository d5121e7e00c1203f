-- A name's key: the name lower-cased by the server (Unicode, the same on SQLite and PostgreSQL;
-- SQLite's lower() folds ASCII only, so 'BÜRO' and 'büro' were two names there). Names are
-- unique, found and sorted by it. Rows stored before it are keyed by the server as it starts
-- (store::fold_name_keys); until then NULL, which the unique index lets repeat.
ALTER TABLE zones ADD COLUMN name_key TEXT;
DROP INDEX zones_business_name;
CREATE UNIQUE INDEX zones_business_name ON zones (business_id, name_key);

ALTER TABLE rooms ADD COLUMN name_key TEXT;
DROP INDEX rooms_business_name;
CREATE UNIQUE INDEX rooms_business_name ON rooms (business_id, name_key);

ALTER TABLE radiators ADD COLUMN name_key TEXT;
DROP INDEX radiators_business_name;
CREATE UNIQUE INDEX radiators_business_name ON radiators (business_id, name_key);

ALTER TABLE schedules ADD COLUMN name_key TEXT;
DROP INDEX schedules_business_name;
CREATE UNIQUE INDEX schedules_business_name ON schedules (business_id, name_key);
