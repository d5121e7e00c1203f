-- Each user's profile image: a PNG re-encoded from the upload's pixels (no metadata kept).
CREATE TABLE profile_images (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    png BLOB NOT NULL,
    updated_at INTEGER NOT NULL
);
