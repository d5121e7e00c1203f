-- Each user's profile image: a PNG re-encoded from the upload's pixels (no metadata kept).
CREATE TABLE profile_images (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    png BYTEA NOT NULL,
    updated_at BIGINT NOT NULL
);
