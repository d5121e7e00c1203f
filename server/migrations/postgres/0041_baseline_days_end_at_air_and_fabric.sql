-- The simulated rooms are two thermal masses now, air and fabric (devices/thermal.rs), so a
-- stored baseline day ends at two temperatures, which the next day resumes from. The rows were
-- worked out by the one-mass model and are a cache: they are worked out again from the readings
-- when next asked for, so the table is made anew. `basis` also names the model's version, so a
-- later change to the model works the days out again without a migration.
DROP TABLE baseline_daily;
CREATE TABLE baseline_daily (
    room_id BIGINT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    basis TEXT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    end_air_temperature DOUBLE PRECISION NOT NULL,
    end_fabric_temperature DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room_id, day)
);
