-- The figures and names a notification's text is made from (JSON), so the web app can word
-- it in the reader's language; `title` and `body` keep the English wording.
ALTER TABLE notifications ADD COLUMN params TEXT NOT NULL DEFAULT '{}';
