-- Each simulated room's baseline per local day (analytics/baseline/), worked out once the day
-- is over and kept, so savings over a year read rows instead of simulating a year. `basis`
-- names what a row was worked out from (time zone, working pattern, comfort setpoint,
-- radiators, first report); a row whose basis no longer matches is worked out again.
CREATE TABLE baseline_daily (
    room_id INTEGER NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    basis TEXT NOT NULL,
    energy_wh REAL NOT NULL,
    co2_g REAL NOT NULL,
    -- The simulated room's temperature at the day's end: the next day resumes from it.
    end_temperature REAL NOT NULL,
    PRIMARY KEY (room_id, day)
);
