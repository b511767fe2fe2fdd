-- name: NoteInsert :one
INSERT INTO member_notes (member_id, staff_id, text, created_at)
VALUES (@member_id, @staff_id, @text, @now)
RETURNING *;

-- name: NotesOf :many
-- A member's staff notes, newest first, with who wrote each.
SELECT n.id, n.member_id, n.text, n.created_at, s.email AS staff_email
FROM member_notes n
JOIN staff_accounts s ON s.id = n.staff_id
WHERE n.member_id = @member_id
ORDER BY n.created_at DESC, n.id DESC
LIMIT 200;

-- name: NotesPurge :exec
-- A purged member's notes go with them.
DELETE FROM member_notes WHERE member_id = @member_id;
