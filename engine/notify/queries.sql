-- name: MailboxInsert :exec
INSERT INTO mailbox (tenant_id, recipient, subject, text_body, html_body, links, headers, template, sent_at)
VALUES (@tenant_id, @recipient, @subject, @text_body, @html_body, @links, @headers, @template, @sent_at);

-- name: MailboxList :many
SELECT * FROM mailbox WHERE tenant_id = @tenant_id ORDER BY id DESC LIMIT @max_rows;
