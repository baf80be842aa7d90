CREATE TABLE `confirmation_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` integer NOT NULL,
	`code` text NOT NULL,
	`destination` text NOT NULL,
	`expires_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `confirmation_codes_user_type_uq` ON `confirmation_codes` (`user_id`,`type`);--> statement-breakpoint
CREATE TABLE `notifications_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`code` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`dedupe_key` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_outbox_dedupe_key_uq` ON `notifications_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_outbox_recipient_idx` ON `notifications_outbox` (`recipient`);--> statement-breakpoint
CREATE INDEX `notifications_outbox_status_idx` ON `notifications_outbox` (`status`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`password_hash` text,
	`google_sub` text,
	`role` integer NOT NULL,
	`image` text,
	`birth_year` integer,
	`gender` text,
	`phone` text,
	`city` integer,
	`notification_method` integer,
	`verified_email` integer DEFAULT false NOT NULL,
	`verified_phone` integer DEFAULT false NOT NULL,
	`credit_score` integer DEFAULT 0 NOT NULL,
	`telegram_chat_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_uq` ON `users` (`google_sub`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `students` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tutors` (
	`id` integer PRIMARY KEY NOT NULL,
	`bio` text,
	`about` text,
	`video` text,
	`thumbnail` text,
	`notice` integer DEFAULT 60 NOT NULL,
	`activated` integer DEFAULT false NOT NULL,
	`bypass_onboarding` integer DEFAULT false NOT NULL,
	`support_group_joined` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `topics_name_ar_uq` ON `topics` (`name_ar`);--> statement-breakpoint
CREATE UNIQUE INDEX `topics_name_en_uq` ON `topics` (lower("name_en"));--> statement-breakpoint
CREATE TABLE `user_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`topic_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_topics_user_topic_uq` ON `user_topics` (`user_id`,`topic_id`);--> statement-breakpoint
CREATE INDEX `user_topics_topic_idx` ON `user_topics` (`topic_id`);--> statement-breakpoint
CREATE TABLE `availability_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`purpose` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `availability_slots_user_start_idx` ON `availability_slots` (`user_id`,`start`);--> statement-breakpoint
CREATE INDEX `availability_slots_start_idx` ON `availability_slots` (`start`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_uq` ON `calendar_feeds` (`token`);--> statement-breakpoint
CREATE TABLE `lesson_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_members_lesson_user_uq` ON `lesson_members` (`lesson_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `lesson_members_user_idx` ON `lesson_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tutor_id` integer NOT NULL,
	`slot_id` integer,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`duration` integer NOT NULL,
	`price` integer NOT NULL,
	`tutor_earning` integer DEFAULT 0 NOT NULL,
	`subscription_id` integer,
	`is_trial` integer DEFAULT false NOT NULL,
	`created_by` integer NOT NULL,
	`canceled_by` integer,
	`canceled_at` text,
	`reported_absent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `availability_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lessons_start_idx` ON `lessons` (`start`);--> statement-breakpoint
CREATE INDEX `lessons_tutor_start_idx` ON `lessons` (`tutor_id`,`start`);--> statement-breakpoint
CREATE INDEX `lessons_subscription_start_idx` ON `lessons` (`subscription_id`,`start`);--> statement-breakpoint
CREATE INDEX `lessons_slot_idx` ON `lessons` (`slot_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lessons_tutor_start_live_uq` ON `lessons` (`tutor_id`,`start`) WHERE canceled_at IS NULL;--> statement-breakpoint
CREATE TABLE `interviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`interviewee_id` integer NOT NULL,
	`interviewer_id` integer NOT NULL,
	`slot_id` integer,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`feedback` text,
	`note` text,
	`level` integer,
	`decided_at` text,
	`canceled_by` integer,
	`canceled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`interviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`interviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `availability_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `interviews_interviewee_start_idx` ON `interviews` (`interviewee_id`,`start`);--> statement-breakpoint
CREATE INDEX `interviews_interviewer_start_idx` ON `interviews` (`interviewer_id`,`start`);--> statement-breakpoint
CREATE INDEX `interviews_start_idx` ON `interviews` (`start`);--> statement-breakpoint
CREATE INDEX `interviews_slot_idx` ON `interviews` (`slot_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `interviews_interviewee_open_uq` ON `interviews` (`interviewee_id`) WHERE status IN (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX `interviews_interviewer_start_pending_uq` ON `interviews` (`interviewer_id`,`start`) WHERE status = 1;--> statement-breakpoint
CREATE TABLE `demo_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tutor_id` integer NOT NULL,
	`tutor_manager_id` integer NOT NULL,
	`slot_id` integer,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`feedback` text,
	`note` text,
	`decided_at` text,
	`canceled_by` integer,
	`canceled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `availability_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `demo_sessions_tutor_start_idx` ON `demo_sessions` (`tutor_id`,`start`);--> statement-breakpoint
CREATE INDEX `demo_sessions_tutor_manager_start_idx` ON `demo_sessions` (`tutor_manager_id`,`start`);--> statement-breakpoint
CREATE INDEX `demo_sessions_start_idx` ON `demo_sessions` (`start`);--> statement-breakpoint
CREATE INDEX `demo_sessions_slot_idx` ON `demo_sessions` (`slot_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `demo_sessions_tutor_open_uq` ON `demo_sessions` (`tutor_id`) WHERE status IN (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX `demo_sessions_tutor_manager_start_pending_uq` ON `demo_sessions` (`tutor_manager_id`,`start`) WHERE status = 1;--> statement-breakpoint
CREATE TABLE `intro_videos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tutor_id` integer NOT NULL,
	`reviewer_id` integer,
	`video` text NOT NULL,
	`duration` integer NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`feedback` text,
	`reviewed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `intro_videos_tutor_created_idx` ON `intro_videos` (`tutor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `intro_videos_reviewer_status_idx` ON `intro_videos` (`reviewer_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `intro_videos_tutor_open_uq` ON `intro_videos` (`tutor_id`) WHERE status IN (1, 3);--> statement-breakpoint
CREATE TABLE `photo_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tutor_id` integer NOT NULL,
	`studio_id` integer,
	`scheduled_at` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`image` text,
	`video` text,
	`thumbnail` text,
	`note` text,
	`completed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`studio_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `photo_sessions_tutor_idx` ON `photo_sessions` (`tutor_id`);--> statement-breakpoint
CREATE INDEX `photo_sessions_studio_status_idx` ON `photo_sessions` (`studio_id`,`status`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rater_id` integer NOT NULL,
	`ratee_id` integer NOT NULL,
	`value` integer NOT NULL,
	`text` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`rater_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ratee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_rater_ratee_uq` ON `ratings` (`rater_id`,`ratee_id`);--> statement-breakpoint
CREATE INDEX `ratings_ratee_idx` ON `ratings` (`ratee_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`weekly_minutes` integer NOT NULL,
	`base_month_price` integer NOT NULL,
	`month_discount` integer DEFAULT 0 NOT NULL,
	`quarter_discount` integer DEFAULT 0 NOT NULL,
	`year_discount` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`invite_only` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `plans_active_idx` ON `plans` (`active`);--> statement-breakpoint
CREATE TABLE `subscription_weeks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`week_index` integer NOT NULL,
	`week_start` text NOT NULL,
	`week_end` text NOT NULL,
	`weekly_minutes` integer NOT NULL,
	`used_minutes` integer,
	`announced_at` text,
	`closed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_weeks_sub_week_uq` ON `subscription_weeks` (`subscription_id`,`week_index`);--> statement-breakpoint
CREATE INDEX `subscription_weeks_user_idx` ON `subscription_weeks` (`user_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`period` integer NOT NULL,
	`weekly_minutes` integer NOT NULL,
	`amount` integer NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`transaction_id` integer,
	`canceled_at` text,
	`canceled_by` integer,
	`refund_amount` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_active_uq` ON `subscriptions` (`user_id`) WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_transaction_uq` ON `subscriptions` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_start_idx` ON `subscriptions` (`user_id`,`start`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_end_idx` ON `subscriptions` (`status`,`end`);--> statement-breakpoint
CREATE TABLE `coupon_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_uses_transaction_uq` ON `coupon_uses` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon_user_idx` ON `coupon_uses` (`coupon_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`discount` integer NOT NULL,
	`expires_at` text NOT NULL,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_uq` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`note` text,
	`created_by` integer,
	`used_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invites_user_plan_idx` ON `invites` (`user_id`,`plan_id`);--> statement-breakpoint
CREATE INDEX `invites_plan_idx` ON `invites` (`plan_id`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`period` integer NOT NULL,
	`base_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`coupon_id` integer,
	`coupon_discount` integer,
	`invite_id` integer,
	`method` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`merchant_ref_num` text NOT NULL,
	`fawry_ref_number` text,
	`provider_payload` text,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`expires_at` text,
	`paid_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invite_id`) REFERENCES `invites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_merchant_ref_num_uq` ON `transactions` (`merchant_ref_num`);--> statement-breakpoint
CREATE INDEX `transactions_fawry_ref_number_idx` ON `transactions` (`fawry_ref_number`);--> statement-breakpoint
CREATE INDEX `transactions_user_created_idx` ON `transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_status_expires_idx` ON `transactions` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`method` integer NOT NULL,
	`receiver` text,
	`phone` text,
	`bank` text,
	`account_number` text,
	`username` text,
	`status` integer DEFAULT 0 NOT NULL,
	`note` text,
	`receipt` text,
	`addressed_by` integer,
	`addressed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`addressed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoices_user_status_idx` ON `invoices` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `invoices_status_created_idx` ON `invoices` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `withdraw_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`method` integer NOT NULL,
	`receiver` text,
	`phone` text,
	`bank` text,
	`account_number` text,
	`username` text,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `withdraw_methods_user_idx` ON `withdraw_methods` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_room_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`muted` integer DEFAULT false NOT NULL,
	`last_read_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `chat_rooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_room_members_room_user_uq` ON `chat_room_members` (`room_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `chat_room_members_user_idx` ON `chat_room_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pair_key` text NOT NULL,
	`last_message_id` text,
	`last_message_text` text,
	`last_message_sender_id` integer,
	`last_message_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`last_message_sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_rooms_pair_key_uq` ON `chat_rooms` (`pair_key`);--> statement-breakpoint
CREATE INDEX `chat_rooms_last_message_at_idx` ON `chat_rooms` (`last_message_at`);--> statement-breakpoint
CREATE TABLE `contact_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`ip` text,
	`handled_by` integer,
	`handled_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `contact_requests_created_idx` ON `contact_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`title` text,
	`message` text NOT NULL,
	`screenshot` text,
	`log` text,
	`url` text,
	`user_agent` text,
	`source` text,
	`resolved` integer DEFAULT false NOT NULL,
	`resolved_by` integer,
	`resolved_at` text,
	`note` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reports_resolved_created_idx` ON `reports` (`resolved`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_user_idx` ON `reports` (`user_id`);--> statement-breakpoint
CREATE TABLE `session_attendance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`event` integer NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `session_attendance_session_at_idx` ON `session_attendance` (`session_id`,`at`);--> statement-breakpoint
CREATE INDEX `session_attendance_user_idx` ON `session_attendance` (`user_id`);--> statement-breakpoint
CREATE TABLE `assets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`uploaded_by` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assets_key_uq` ON `assets` (`key`);--> statement-breakpoint
CREATE INDEX `assets_user_kind_idx` ON `assets` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` integer,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `short_urls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`source` text,
	`clicks` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_urls_name_uq` ON `short_urls` (`name`);