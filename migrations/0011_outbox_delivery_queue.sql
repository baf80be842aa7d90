ALTER TABLE `notifications_outbox` ADD `claimed_until` text;--> statement-breakpoint
ALTER TABLE `notifications_outbox` ADD `dead_at` text;