-- The daily retention job deletes notification rows sent long ago (retentionDays.notificationRows,
-- worker/domain/privacy/retention.ts): this index lets it find them by (status, sent_at), reading only
-- the rows it deletes, instead of walking every sent row of the status index.
CREATE INDEX `notifications_outbox_sent_idx` ON `notifications_outbox` (`status`,`sent_at`);