-- The public tutor list's order columns (tutors.list_*, migrations/0008) go stale when anything
-- they depend on changes: each write below marks the tutor (list_stale_at = '') in the same
-- statement, and the next list read recomputes them (worker/domain/tutor-list.ts).
CREATE TRIGGER `tutor_list_slot_insert` AFTER INSERT ON availability_slots BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_slot_update` AFTER UPDATE OF user_id, start, "end", purpose, deleted_at ON availability_slots BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (OLD.user_id, NEW.user_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_slot_delete` AFTER DELETE ON availability_slots BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = OLD.user_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_lesson_insert` AFTER INSERT ON lessons BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = NEW.tutor_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_lesson_update` AFTER UPDATE OF tutor_id, slot_id, start, "end", duration, canceled_at ON lessons BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (OLD.tutor_id, NEW.tutor_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_lesson_delete` AFTER DELETE ON lessons BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = OLD.tutor_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_interview_insert` AFTER INSERT ON interviews BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id = NEW.slot_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_interview_update` AFTER UPDATE OF slot_id, status ON interviews BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id IN (OLD.slot_id, NEW.slot_id)); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_interview_delete` AFTER DELETE ON interviews BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id = OLD.slot_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_demo_insert` AFTER INSERT ON demo_sessions BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id = NEW.slot_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_demo_update` AFTER UPDATE OF slot_id, status ON demo_sessions BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id IN (OLD.slot_id, NEW.slot_id)); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_demo_delete` AFTER DELETE ON demo_sessions BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (SELECT user_id FROM availability_slots WHERE id = OLD.slot_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_rating_insert` AFTER INSERT ON ratings BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = NEW.ratee_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_rating_update` AFTER UPDATE OF ratee_id, value ON ratings BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (OLD.ratee_id, NEW.ratee_id); END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_rating_delete` AFTER DELETE ON ratings BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = OLD.ratee_id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_user_update` AFTER UPDATE OF role, name, image, phone, city, verified_email, verified_phone, gender, birth_year, suspended_at, deleted_at ON users BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER `tutor_list_tutor_update` AFTER UPDATE OF bio, about, video, thumbnail, notice, activated ON tutors BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id = NEW.id; END;
