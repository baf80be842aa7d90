ALTER TABLE `refunds` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_uq` ON `refunds` (`idempotency_key`) WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `update_request` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `update_requested_at` text;--> statement-breakpoint
ALTER TABLE `contact_requests` ADD `kind` text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_requests` ADD `state` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_requests` ADD `notes` text;--> statement-breakpoint
ALTER TABLE `contact_requests` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `contact_requests` ADD `replied_at` text;--> statement-breakpoint
CREATE INDEX `contact_requests_state_created_idx` ON `contact_requests` (`state`,`created_at`);--> statement-breakpoint
UPDATE `contact_requests` SET `state` = 'answered' WHERE `handled_at` IS NOT NULL;
