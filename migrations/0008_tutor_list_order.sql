ALTER TABLE `tutors` ADD `list_free_at` text;--> statement-breakpoint
ALTER TABLE `tutors` ADD `list_rating` real;--> statement-breakpoint
ALTER TABLE `tutors` ADD `list_lessons` integer;--> statement-breakpoint
ALTER TABLE `tutors` ADD `list_stale_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `tutors_list_order_idx` ON `tutors` (`list_free_at`,`list_rating`,`list_lessons`,`id`) WHERE list_free_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `tutors_list_stale_idx` ON `tutors` (`list_stale_at`);