CREATE INDEX `users_role_created_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_paid_at_idx` ON `transactions` (`paid_at`);