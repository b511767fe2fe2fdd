-- name: MailboxInsert :exec
INSERT INTO mailbox (tenant_id, recipient, subject, text_body, html_body, links, headers, template, sent_at)
VALUES (@tenant_id, @recipient, @subject, @text_body, @html_body, @links, @headers, @template, @sent_at);

-- name: MailboxList :many
SELECT * FROM mailbox WHERE tenant_id = @tenant_id ORDER BY id DESC LIMIT @max_rows;

-- name: HeldInsert :one
INSERT INTO held_messages (message) VALUES (@message) RETURNING id;

-- name: HeldPrune :exec
DELETE FROM held_messages WHERE created_at < now() - make_interval(secs => @older_than_seconds::float8);

-- name: HeldMessage :one
SELECT message FROM held_messages WHERE id = @id;

-- name: HeldDelete :exec
DELETE FROM held_messages WHERE id = @id;
