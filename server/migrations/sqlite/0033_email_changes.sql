-- A change of an account's email, waiting for the link mailed to the new address to be opened:
-- an address becomes an account's only once its owner shows it is theirs.
CREATE TABLE email_changes (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX email_changes_user_id ON email_changes (user_id);
