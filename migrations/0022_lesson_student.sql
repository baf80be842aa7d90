-- lessons.student_id: the lesson's student, denormalised from lesson_members (like tutor_id), with
-- an index by (student_id, start), so the booking's busy-student check (worker/domain/lessons/
-- booking.ts) probes the few lessons around the new one instead of reading every lesson the
-- student ever had. The booking sets it; the trigger below sets it for any other way a student
-- member is added; the UPDATE fills it for the lessons already there.
ALTER TABLE `lessons` ADD `student_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `lessons_student_start_idx` ON `lessons` (`student_id`,`start`);--> statement-breakpoint
UPDATE lessons SET student_id = (SELECT m.user_id FROM lesson_members m WHERE m.lesson_id = lessons.id AND m.role = 4 ORDER BY m.id LIMIT 1) WHERE student_id IS NULL;
--> statement-breakpoint
CREATE TRIGGER `lessons_student_from_member` AFTER INSERT ON lesson_members WHEN NEW.role = 4 BEGIN UPDATE lessons SET student_id = NEW.user_id WHERE id = NEW.lesson_id AND student_id IS NOT NEW.user_id; END;
