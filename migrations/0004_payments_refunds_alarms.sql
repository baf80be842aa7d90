CREATE TABLE `payment_alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`transaction_id` integer,
	`merchant_ref_num` text,
	`details` text,
	`resolved_at` text,
	`resolved_by` integer,
	`note` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_alarms_open_idx` ON `payment_alarms` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_alarms_kind_tx_uq` ON `payment_alarms` (`kind`,`transaction_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`requested_by` integer,
	`settled_by` text,
	`done_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_open_uq` ON `refunds` (`transaction_id`) WHERE status IN (0, 2);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`updated_at`);