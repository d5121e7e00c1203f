-- The language each account last used the app in ('en' or 'ar'), for what it is sent outside a
-- request: notification mail.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
