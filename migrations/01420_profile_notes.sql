-- +goose Up
-- Private notes a member keeps on another profile ("what we talked
-- about"), shown only to the writer, on the profile's page and beside the
-- conversation, and only on tenants with visible_profile_notes. One note
-- per writer and profile; clearing it deletes the row. Both sides go when
-- either account is purged (profiles.PurgeMember), the cascades are a
-- safety net.
CREATE TABLE profile_notes (
    writer_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    profile_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    -- up to 500 characters (profiles.NoteMaxLength), checked by the engine.
    body       text NOT NULL CHECK (body <> ''),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (writer_id, profile_id),
    CHECK (writer_id <> profile_id)
);
CREATE INDEX profile_notes_profile ON profile_notes (profile_id);

-- +goose Down
DROP TABLE profile_notes;
