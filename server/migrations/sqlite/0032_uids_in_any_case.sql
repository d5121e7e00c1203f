-- A device id is one id in any case: "hd-0001" beside "HD-0001" would be two records for one
-- label. Each keeps the case it was registered in, which its device's MQTT topics use.
CREATE UNIQUE INDEX radiators_uid_any_case_key ON radiators (lower(uid));
