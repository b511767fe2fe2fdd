-- Bulk writes of profiles and photos (demo data, load tests) with COPY,
-- compiled apart from queries.sql so that the profiles queries' connection
-- type needs no COPY.

-- name: PhotoIDsReserve :many
-- Reserves photo ids for bulk data, so COPY can write photos and the
-- references to their blobs without a round trip per row.
SELECT nextval(pg_get_serial_sequence('photos', 'id'))::bigint AS id FROM generate_series(1, @n::int);

-- name: ProfileCopy :copyfrom
INSERT INTO profiles (id, pool, name, gender, seeking, sexuality, date_of_birth, country, region, city, interests,
                      hair_color, eye_color, body_type, relationship_status, tattoos, about_me, status, invisible, last_active_at,
                      latitude, longitude)
VALUES (@id, @pool, @name, @gender, @seeking, @sexuality, @date_of_birth, @country, @region, @city, @interests,
        @hair_color, @eye_color, @body_type, @relationship_status, @tattoos, @about_me, @status, @invisible, @last_active_at,
        @latitude, @longitude);

-- name: PhotoCopy :copyfrom
INSERT INTO photos (id, profile_id, filename, thumb_filename, status, position, width, height, reviewed_at)
VALUES (@id, @profile_id, @filename, @thumb_filename, @status, @position, @width, @height, @reviewed_at);
