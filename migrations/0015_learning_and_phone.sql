CREATE TABLE `chat_first_replies` (
	`room_id` integer PRIMARY KEY NOT NULL,
	`tutor_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`first_message_at` text NOT NULL,
	`first_reply_at` text,
	`reply_seconds` integer,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_first_replies_tutor_first_idx` ON `chat_first_replies` (`tutor_id`,`first_message_at`);--> statement-breakpoint
CREATE INDEX `chat_first_replies_student_idx` ON `chat_first_replies` (`student_id`);--> statement-breakpoint
CREATE TABLE `favourite_tutors` (
	`user_id` integer NOT NULL,
	`tutor_id` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `tutor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `favourite_tutors_user_created_idx` ON `favourite_tutors` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favourite_tutors_tutor_idx` ON `favourite_tutors` (`tutor_id`);--> statement-breakpoint
CREATE TABLE `lesson_note_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`text` text NOT NULL,
	`attachment` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lesson_notes`(`lesson_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lesson_note_replies_lesson_created_idx` ON `lesson_note_replies` (`lesson_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lesson_note_replies_author_idx` ON `lesson_note_replies` (`author_id`);--> statement-breakpoint
CREATE TABLE `lesson_notes` (
	`lesson_id` integer PRIMARY KEY NOT NULL,
	`tutor_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`summary` text NOT NULL,
	`words` text DEFAULT '[]' NOT NULL,
	`homework` text,
	`homework_due` text,
	`homework_attachment` text,
	`homework_done_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lesson_notes_student_created_idx` ON `lesson_notes` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lesson_notes_tutor_student_created_idx` ON `lesson_notes` (`tutor_id`,`student_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rating_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`rating_id`) REFERENCES `ratings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rating_flags_rating_user_uq` ON `rating_flags` (`rating_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `rating_flags_user_idx` ON `rating_flags` (`user_id`);--> statement-breakpoint
CREATE TABLE `student_levels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`tutor_id` integer NOT NULL,
	`lesson_id` integer,
	`level` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `student_levels_student_created_idx` ON `student_levels` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `student_levels_tutor_idx` ON `student_levels` (`tutor_id`);--> statement-breakpoint
CREATE INDEX `student_levels_lesson_idx` ON `student_levels` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `student_words` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`lesson_id` integer,
	`word` text NOT NULL,
	`word_key` text NOT NULL,
	`meaning` text NOT NULL,
	`example` text,
	`step` integer DEFAULT 0 NOT NULL,
	`due_at` text NOT NULL,
	`last_practised_at` text,
	`learned_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_words_student_key_uq` ON `student_words` (`student_id`,`word_key`);--> statement-breakpoint
CREATE INDEX `student_words_student_due_idx` ON `student_words` (`student_id`,`due_at`);--> statement-breakpoint
CREATE INDEX `student_words_student_created_idx` ON `student_words` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `student_words_student_learned_idx` ON `student_words` (`student_id`,`learned_at`);--> statement-breakpoint
CREATE INDEX `student_words_lesson_idx` ON `student_words` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `multipart_upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `multipart_uploads`(`upload_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `multipart_uploads` (
	`upload_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`purpose` text NOT NULL,
	`size` integer,
	`completed_at` text,
	`aborted_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `multipart_uploads_user_idx` ON `multipart_uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `multipart_uploads_open_created_idx` ON `multipart_uploads` (`completed_at`,`aborted_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`channels` text DEFAULT '{}' NOT NULL,
	`quiet_start` text,
	`quiet_end` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`last_sent_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_uq` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `notifications_outbox` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `notifications_outbox` ADD `not_before` text;--> statement-breakpoint
ALTER TABLE `tutors` ADD `response_seconds` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `replied_at` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `reply_edited_at` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `flag_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_at` text;--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `ratings` ADD `hidden_note` text;--> statement-breakpoint
CREATE INDEX `ratings_flagged_idx` ON `ratings` (`flag_count`,`id`);--> statement-breakpoint
CREATE INDEX `ratings_hidden_by_idx` ON `ratings` (`hidden_by`);