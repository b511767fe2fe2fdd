-- +goose Up
-- Who holds each blob of the media store. Whoever stores a key records a
-- reference under a holder of its own ('photo:<id>' for a profile photo,
-- 'message:<id>' for a photo sent in chat; later areas add theirs) in the
-- transaction that stores the key, and releases it in the transaction that
-- drops it. Releasing the last reference of a key queues the job that
-- deletes the blob, so a blob two holders share (a profile photo sent in
-- chat) stays until neither needs it.
CREATE TABLE media_refs (
    key        text NOT NULL,
    holder     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (holder, key)
);
CREATE INDEX media_refs_key ON media_refs (key);

-- The blobs stored before references existed.
INSERT INTO media_refs (key, holder)
SELECT k.key, 'photo:' || p.id FROM photos p CROSS JOIN LATERAL (VALUES (p.filename), (p.thumb_filename)) AS k (key)
WHERE k.key <> ''
ON CONFLICT DO NOTHING;
INSERT INTO media_refs (key, holder)
SELECT k.key, 'message:' || m.id FROM messages m CROSS JOIN LATERAL (VALUES (m.photo_filename), (m.photo_thumb)) AS k (key)
WHERE m.kind = 'photo' AND k.key <> ''
ON CONFLICT DO NOTHING;

-- Whether a blob is still used is now asked of media_refs.
DROP INDEX photos_filename;

-- +goose Down
CREATE INDEX photos_filename ON photos (filename);
DROP TABLE media_refs;
