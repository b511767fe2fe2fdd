-- name: ProfileByID :one
SELECT * FROM profiles WHERE id = @id;
