CREATE TABLE `account_deletions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`requested_by` integer,
	`requested_at` text NOT NULL,
	`due_at` text NOT NULL,
	`canceled_at` text,
	`erased_at` text,
	`email_hash` text,
	`step` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_open_uq` ON `account_deletions` (`user_id`) WHERE state IN ('pending', 'erasing');--> statement-breakpoint
CREATE INDEX `account_deletions_state_due_idx` ON `account_deletions` (`state`,`due_at`);--> statement-breakpoint
CREATE TABLE `consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`device_id` text,
	`kind` text NOT NULL,
	`granted` integer NOT NULL,
	`text_version` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `consents_user_kind_idx` ON `consents` (`user_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `consents_device_kind_idx` ON `consents` (`device_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `consents_created_idx` ON `consents` (`created_at`);--> statement-breakpoint
CREATE TABLE `data_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`key` text,
	`size` integer,
	`error` text,
	`ready_at` text,
	`expires_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_exports_user_created_idx` ON `data_exports` (`user_id`,`created_at`);