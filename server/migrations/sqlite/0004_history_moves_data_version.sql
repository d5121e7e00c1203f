-- Recording a change moves the business's data version on in the same statement, so every
-- change does (and a write saves a round trip to the database).
CREATE TRIGGER action_history_moves_data_version AFTER INSERT ON action_history
BEGIN
    UPDATE businesses SET data_version = data_version + 1 WHERE id = NEW.business_id;
END;
