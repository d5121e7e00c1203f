-- Businesses own all data; a user belongs to one business. Times are unix seconds (UTC).
-- PostgreSQL twin of migrations/sqlite: the same tables; integers are BIGINT so both decode as i64.
CREATE TABLE businesses (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    is_same_address BIGINT NOT NULL,
    address_line1 TEXT NOT NULL,
    address_line2 TEXT NOT NULL,
    town TEXT NOT NULL,
    city TEXT NOT NULL,
    post_code TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE users (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    mobile TEXT NOT NULL,
    address_line1 TEXT NOT NULL,
    address_line2 TEXT NOT NULL,
    town TEXT NOT NULL,
    city TEXT NOT NULL,
    post_code TEXT NOT NULL,
    is_business BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT users_email_key UNIQUE (email)
);
CREATE INDEX users_business_id ON users (business_id);

-- Opaque bearer tokens, stored as SHA-256 hex of the token.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);

-- Failed sign-ins, keyed by 'email:<address>' or 'ip:<address>', for throttling.
CREATE TABLE login_failures (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    throttle_key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
CREATE INDEX login_failures_key_time ON login_failures (throttle_key, failed_at);

CREATE TABLE outbox (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
