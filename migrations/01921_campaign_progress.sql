-- +goose Up
-- The console follows a campaign by counting the mails logged under its
-- key on its tenant: one index lookup, however large the log.
CREATE INDEX notification_log_campaign ON notification_log (tenant_id, type, key);

-- +goose Down
DROP INDEX notification_log_campaign;
