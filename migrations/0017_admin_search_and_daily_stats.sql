-- Admin search and the admin series without full scans (docs/performance.md, No full scans).
-- stats_hours / stats_tutor_hours (schema/db/search.ts): the admin series' counts per UTC hour,
-- kept by the triggers below on every write to lessons, transactions and users, and backfilled
-- from the rows already there. users_fts: an FTS5 index of users' name, email and phone (external
-- content: the text stays in users), kept by triggers; worker/domain/staff/admin-users.ts matches it.
CREATE TABLE `stats_hours` (
	`metric` text NOT NULL,
	`hour` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`metric`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `stats_tutor_hours` (
	`hour` text NOT NULL,
	`tutor_id` integer NOT NULL,
	`lessons` integer NOT NULL,
	PRIMARY KEY(`hour`, `tutor_id`)
);
--> statement-breakpoint
-- Role 4 is Role.Student (schema/enums.ts). An UPDATE takes the old row's share out and puts the new row's in.
CREATE TRIGGER `stats_lessons_insert` AFTER INSERT ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(NEW.start, 1, 13), 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_tutor_hours (hour, tutor_id, lessons) SELECT substr(NEW.start, 1, 13), NEW.tutor_id, 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (hour, tutor_id) DO UPDATE SET lessons = lessons + excluded.lessons; END;
--> statement-breakpoint
CREATE TRIGGER `stats_lessons_update` AFTER UPDATE OF start, canceled_at, tutor_id ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(OLD.start, 1, 13), -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_tutor_hours (hour, tutor_id, lessons) SELECT substr(OLD.start, 1, 13), OLD.tutor_id, -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (hour, tutor_id) DO UPDATE SET lessons = lessons + excluded.lessons; INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(NEW.start, 1, 13), 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_tutor_hours (hour, tutor_id, lessons) SELECT substr(NEW.start, 1, 13), NEW.tutor_id, 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (hour, tutor_id) DO UPDATE SET lessons = lessons + excluded.lessons; END;
--> statement-breakpoint
CREATE TRIGGER `stats_lessons_delete` AFTER DELETE ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(OLD.start, 1, 13), -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_tutor_hours (hour, tutor_id, lessons) SELECT substr(OLD.start, 1, 13), OLD.tutor_id, -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (hour, tutor_id) DO UPDATE SET lessons = lessons + excluded.lessons; END;
--> statement-breakpoint
CREATE TRIGGER `stats_transactions_insert` AFTER INSERT ON transactions BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'revenue', substr(NEW.paid_at, 1, 13), NEW.amount - NEW.refunded_amount WHERE NEW.paid_at IS NOT NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_transactions_update` AFTER UPDATE OF amount, refunded_amount, paid_at ON transactions BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'revenue', substr(OLD.paid_at, 1, 13), -(OLD.amount - OLD.refunded_amount) WHERE OLD.paid_at IS NOT NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_hours (metric, hour, value) SELECT 'revenue', substr(NEW.paid_at, 1, 13), NEW.amount - NEW.refunded_amount WHERE NEW.paid_at IS NOT NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_transactions_delete` AFTER DELETE ON transactions BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'revenue', substr(OLD.paid_at, 1, 13), -(OLD.amount - OLD.refunded_amount) WHERE OLD.paid_at IS NOT NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_users_insert` AFTER INSERT ON users BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'newStudents', substr(NEW.created_at, 1, 13), 1 WHERE NEW.role = 4 ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_users_update` AFTER UPDATE OF role, created_at ON users BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'newStudents', substr(OLD.created_at, 1, 13), -1 WHERE OLD.role = 4 ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_hours (metric, hour, value) SELECT 'newStudents', substr(NEW.created_at, 1, 13), 1 WHERE NEW.role = 4 ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_users_delete` AFTER DELETE ON users BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'newStudents', substr(OLD.created_at, 1, 13), -1 WHERE OLD.role = 4 ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
-- The backfill: what the triggers would have written for the rows already there.
INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(start, 1, 13), count(*) FROM lessons WHERE canceled_at IS NULL GROUP BY substr(start, 1, 13);
--> statement-breakpoint
INSERT INTO stats_hours (metric, hour, value) SELECT 'revenue', substr(paid_at, 1, 13), SUM(amount - refunded_amount) FROM transactions WHERE paid_at IS NOT NULL GROUP BY substr(paid_at, 1, 13);
--> statement-breakpoint
INSERT INTO stats_hours (metric, hour, value) SELECT 'newStudents', substr(created_at, 1, 13), count(*) FROM users WHERE role = 4 GROUP BY substr(created_at, 1, 13);
--> statement-breakpoint
INSERT INTO stats_tutor_hours (hour, tutor_id, lessons) SELECT substr(start, 1, 13), tutor_id, count(*) FROM lessons WHERE canceled_at IS NULL GROUP BY substr(start, 1, 13), tutor_id;
--> statement-breakpoint
-- The admin user search (unicode61 folds case and Latin diacritics; Arabic words are split on spaces, an email on . @ - _).
CREATE VIRTUAL TABLE `users_fts` USING fts5(name, email, phone, content='users', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
-- secure-delete: a removed or changed value leaves the index at once (account erasure, docs/rules.md), not at a later merge.
INSERT INTO users_fts (users_fts, rank) VALUES ('secure-delete', 1);
--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON users BEGIN INSERT INTO users_fts (rowid, name, email, phone) VALUES (NEW.id, NEW.name, NEW.email, NEW.phone); END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF name, email, phone ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email, phone) VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.phone); INSERT INTO users_fts (rowid, name, email, phone) VALUES (NEW.id, NEW.name, NEW.email, NEW.phone); END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email, phone) VALUES ('delete', OLD.id, OLD.name, OLD.email, OLD.phone); END;
--> statement-breakpoint
INSERT INTO users_fts (users_fts) VALUES ('rebuild');
