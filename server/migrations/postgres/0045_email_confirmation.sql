-- When the account's email was shown to be its holder's, by opening a link mailed to it (at
-- sign-up, or to a new address); NULL until then. Notifications are mailed only to a confirmed
-- address. Accounts made before it was asked count as confirmed.
ALTER TABLE users ADD COLUMN email_confirmed_at BIGINT;
UPDATE users SET email_confirmed_at = created_at;

-- 1: the link confirms the email the account has (the sign-up's), not a change to a new one;
-- it is spent if the account's email has changed meanwhile.
ALTER TABLE email_changes ADD COLUMN confirms BIGINT NOT NULL DEFAULT 0;
