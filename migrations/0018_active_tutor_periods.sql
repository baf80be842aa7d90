-- The admin series' active tutors read one row per period asked for, however many lessons there
-- are (docs/capacity.md): a distinct count of tutors is not a sum of hours, so the tutors active in
-- each Cairo day, Saturday-first week and calendar month are counted as lessons are written.
-- stats_tutor_periods (schema/db/search.ts): lessons not cancelled per period and tutor;
-- stats_active_tutors: the tutors with such lessons per period, kept as a tutor's count leaves or
-- reaches 0; cairo_offsets: Africa/Cairo's UTC offsets, which the triggers need for the Cairo day.
-- 0017's lesson triggers are written again without stats_tutor_hours, which the next migration drops.
CREATE TABLE `cairo_offsets` (
	`from_hour` text PRIMARY KEY NOT NULL,
	`minutes` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stats_active_tutors` (
	`period` text PRIMARY KEY NOT NULL,
	`tutors` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stats_tutor_periods` (
	`period` text NOT NULL,
	`tutor_id` integer NOT NULL,
	`lessons` integer NOT NULL,
	PRIMARY KEY(`period`, `tutor_id`)
);
--> statement-breakpoint
-- Africa/Cairo's offsets (scripts/cairo-offsets.mjs prints this statement from Intl).
INSERT INTO cairo_offsets (from_hour, minutes) VALUES
('0000-01-01T00', 120),
('2000-04-27T22', 180),
('2000-09-28T21', 120),
('2001-04-26T22', 180),
('2001-09-27T21', 120),
('2002-04-25T22', 180),
('2002-09-26T21', 120),
('2003-04-24T22', 180),
('2003-09-25T21', 120),
('2004-04-29T22', 180),
('2004-09-30T21', 120),
('2005-04-28T22', 180),
('2005-09-29T21', 120),
('2006-04-27T22', 180),
('2006-09-21T21', 120),
('2007-04-26T22', 180),
('2007-09-06T21', 120),
('2008-04-24T22', 180),
('2008-08-28T21', 120),
('2009-04-23T22', 180),
('2009-08-20T21', 120),
('2010-04-29T22', 180),
('2010-08-10T21', 120),
('2010-09-09T22', 180),
('2010-09-30T21', 120),
('2014-05-15T22', 180),
('2014-06-26T21', 120),
('2014-07-31T22', 180),
('2014-09-25T21', 120),
('2023-04-27T22', 180),
('2023-10-26T21', 120),
('2024-04-25T22', 180),
('2024-10-31T21', 120),
('2025-04-24T22', 180),
('2025-10-30T21', 120),
('2026-04-23T22', 180),
('2026-10-29T21', 120),
('2027-04-29T22', 180),
('2027-10-28T21', 120),
('2028-04-27T22', 180),
('2028-10-26T21', 120),
('2029-04-26T22', 180),
('2029-10-25T21', 120),
('2030-04-25T22', 180),
('2030-10-31T21', 120),
('2031-04-24T22', 180),
('2031-10-30T21', 120),
('2032-04-29T22', 180),
('2032-10-28T21', 120),
('2033-04-28T22', 180),
('2033-10-27T21', 120),
('2034-04-27T22', 180),
('2034-10-26T21', 120),
('2035-04-26T22', 180),
('2035-10-25T21', 120),
('2036-04-24T22', 180),
('2036-10-30T21', 120),
('2037-04-23T22', 180),
('2037-10-29T21', 120),
('2038-04-29T22', 180),
('2038-10-28T21', 120),
('2039-04-28T22', 180),
('2039-10-27T21', 120),
('2040-04-26T22', 180),
('2040-10-25T21', 120),
('2041-04-25T22', 180),
('2041-10-31T21', 120),
('2042-04-24T22', 180),
('2042-10-30T21', 120),
('2043-04-23T22', 180),
('2043-10-29T21', 120),
('2044-04-28T22', 180),
('2044-10-27T21', 120),
('2045-04-27T22', 180),
('2045-10-26T21', 120),
('2046-04-26T22', 180),
('2046-10-25T21', 120),
('2047-04-25T22', 180),
('2047-10-31T21', 120),
('2048-04-23T22', 180),
('2048-10-29T21', 120),
('2049-04-29T22', 180),
('2049-10-28T21', 120),
('2050-04-28T22', 180),
('2050-10-27T21', 120),
('2051-04-27T22', 180),
('2051-10-26T21', 120),
('2052-04-25T22', 180),
('2052-10-31T21', 120),
('2053-04-24T22', 180),
('2053-10-30T21', 120),
('2054-04-23T22', 180),
('2054-10-29T21', 120),
('2055-04-29T22', 180),
('2055-10-28T21', 120),
('2056-04-27T22', 180),
('2056-10-26T21', 120),
('2057-04-26T22', 180),
('2057-10-25T21', 120),
('2058-04-25T22', 180),
('2058-10-31T21', 120),
('2059-04-24T22', 180),
('2059-10-30T21', 120),
('2060-04-29T22', 180),
('2060-10-28T21', 120),
('2061-04-28T22', 180),
('2061-10-27T21', 120),
('2062-04-27T22', 180),
('2062-10-26T21', 120),
('2063-04-26T22', 180),
('2063-10-25T21', 120),
('2064-04-24T22', 180),
('2064-10-30T21', 120),
('2065-04-23T22', 180),
('2065-10-29T21', 120),
('2066-04-29T22', 180),
('2066-10-28T21', 120),
('2067-04-28T22', 180),
('2067-10-27T21', 120),
('2068-04-26T22', 180),
('2068-10-25T21', 120),
('2069-04-25T22', 180),
('2069-10-31T21', 120),
('2070-04-24T22', 180),
('2070-10-30T21', 120),
('2071-04-23T22', 180),
('2071-10-29T21', 120),
('2072-04-28T22', 180),
('2072-10-27T21', 120),
('2073-04-27T22', 180),
('2073-10-26T21', 120),
('2074-04-26T22', 180),
('2074-10-25T21', 120),
('2075-04-25T22', 180),
('2075-10-31T21', 120),
('2076-04-23T22', 180),
('2076-10-29T21', 120),
('2077-04-29T22', 180),
('2077-10-28T21', 120),
('2078-04-28T22', 180),
('2078-10-27T21', 120),
('2079-04-27T22', 180),
('2079-10-26T21', 120),
('2080-04-25T22', 180),
('2080-10-31T21', 120),
('2081-04-24T22', 180),
('2081-10-30T21', 120),
('2082-04-23T22', 180),
('2082-10-29T21', 120),
('2083-04-29T22', 180),
('2083-10-28T21', 120),
('2084-04-27T22', 180),
('2084-10-26T21', 120),
('2085-04-26T22', 180),
('2085-10-25T21', 120),
('2086-04-25T22', 180),
('2086-10-31T21', 120),
('2087-04-24T22', 180),
('2087-10-30T21', 120),
('2088-04-29T22', 180),
('2088-10-28T21', 120),
('2089-04-28T22', 180),
('2089-10-27T21', 120),
('2090-04-27T22', 180),
('2090-10-26T21', 120),
('2091-04-26T22', 180),
('2091-10-25T21', 120),
('2092-04-24T22', 180),
('2092-10-30T21', 120),
('2093-04-23T22', 180),
('2093-10-29T21', 120),
('2094-04-29T22', 180),
('2094-10-28T21', 120),
('2095-04-28T22', 180),
('2095-10-27T21', 120),
('2096-04-26T22', 180),
('2096-10-25T21', 120),
('2097-04-25T22', 180),
('2097-10-31T21', 120),
('2098-04-24T22', 180),
('2098-10-30T21', 120),
('2099-04-23T22', 180),
('2099-10-29T21', 120),
('2100-04-29T22', 180),
('2100-10-28T21', 120);
--> statement-breakpoint
DROP TRIGGER `stats_lessons_insert`;
--> statement-breakpoint
DROP TRIGGER `stats_lessons_update`;
--> statement-breakpoint
DROP TRIGGER `stats_lessons_delete`;
--> statement-breakpoint
-- The lessons per UTC hour, as migrations/0017 kept them (its stats_tutor_hours part gone).
CREATE TRIGGER `stats_lessons_insert` AFTER INSERT ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(NEW.start, 1, 13), 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_lessons_update` AFTER UPDATE OF start, canceled_at ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(OLD.start, 1, 13), -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(NEW.start, 1, 13), 1 WHERE NEW.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
CREATE TRIGGER `stats_lessons_delete` AFTER DELETE ON lessons BEGIN INSERT INTO stats_hours (metric, hour, value) SELECT 'lessons', substr(OLD.start, 1, 13), -1 WHERE OLD.canceled_at IS NULL ON CONFLICT (metric, hour) DO UPDATE SET value = value + excluded.value; END;
--> statement-breakpoint
-- A lesson not cancelled counts once for its tutor in its Cairo day, week and month; a tutor's first lesson in a period adds the tutor to the period's count.
CREATE TRIGGER `stats_tutor_periods_insert` AFTER INSERT ON lessons WHEN NEW.canceled_at IS NULL BEGIN INSERT INTO stats_tutor_periods (period, tutor_id, lessons) SELECT p.value, NEW.tutor_id, 1 FROM (SELECT date(NEW.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(NEW.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p WHERE true ON CONFLICT (period, tutor_id) DO UPDATE SET lessons = lessons + 1; INSERT INTO stats_active_tutors (period, tutors) SELECT t.period, 1 FROM stats_tutor_periods t WHERE t.tutor_id = NEW.tutor_id AND t.lessons = 1 AND t.period IN (SELECT p.value FROM (SELECT date(NEW.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(NEW.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p) ON CONFLICT (period) DO UPDATE SET tutors = tutors + 1; END;
--> statement-breakpoint
-- The last one leaving a period takes the tutor out of its count (and the row goes).
CREATE TRIGGER `stats_tutor_periods_delete` AFTER DELETE ON lessons WHEN OLD.canceled_at IS NULL BEGIN UPDATE stats_tutor_periods SET lessons = lessons - 1 WHERE tutor_id = OLD.tutor_id AND period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p); UPDATE stats_active_tutors SET tutors = tutors - 1 WHERE period IN (SELECT t.period FROM stats_tutor_periods t WHERE t.tutor_id = OLD.tutor_id AND t.lessons = 0 AND t.period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p)); DELETE FROM stats_tutor_periods WHERE tutor_id = OLD.tutor_id AND lessons = 0 AND period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p); END;
--> statement-breakpoint
-- An update takes the old row's share out and puts the new row's in, only when what counts changed.
CREATE TRIGGER `stats_tutor_periods_update` AFTER UPDATE OF start, canceled_at, tutor_id ON lessons WHEN (OLD.canceled_at IS NULL OR NEW.canceled_at IS NULL) AND (OLD.start IS NOT NEW.start OR OLD.tutor_id IS NOT NEW.tutor_id OR (OLD.canceled_at IS NULL) <> (NEW.canceled_at IS NULL)) BEGIN UPDATE stats_tutor_periods SET lessons = lessons - 1 WHERE OLD.canceled_at IS NULL AND tutor_id = OLD.tutor_id AND period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p); UPDATE stats_active_tutors SET tutors = tutors - 1 WHERE OLD.canceled_at IS NULL AND period IN (SELECT t.period FROM stats_tutor_periods t WHERE t.tutor_id = OLD.tutor_id AND t.lessons = 0 AND t.period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p)); DELETE FROM stats_tutor_periods WHERE OLD.canceled_at IS NULL AND tutor_id = OLD.tutor_id AND lessons = 0 AND period IN (SELECT p.value FROM (SELECT date(OLD.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(OLD.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p); INSERT INTO stats_tutor_periods (period, tutor_id, lessons) SELECT p.value, NEW.tutor_id, 1 FROM (SELECT date(NEW.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(NEW.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p WHERE NEW.canceled_at IS NULL ON CONFLICT (period, tutor_id) DO UPDATE SET lessons = lessons + 1; INSERT INTO stats_active_tutors (period, tutors) SELECT t.period, 1 FROM stats_tutor_periods t WHERE NEW.canceled_at IS NULL AND t.tutor_id = NEW.tutor_id AND t.lessons = 1 AND t.period IN (SELECT p.value FROM (SELECT date(NEW.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(NEW.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p) ON CONFLICT (period) DO UPDATE SET tutors = tutors + 1; END;
--> statement-breakpoint
-- The backfill: what the triggers would have written for the lessons already there.
INSERT INTO stats_tutor_periods (period, tutor_id, lessons) SELECT p.value, c.tutor_id, count(*) FROM (SELECT l.tutor_id, date(l.start, (SELECT o.minutes FROM cairo_offsets o WHERE o.from_hour <= substr(l.start, 1, 13) ORDER BY o.from_hour DESC LIMIT 1) || ' minutes') AS d FROM lessons l WHERE l.canceled_at IS NULL) c, json_each(json_array('d' || c.d, 'w' || date(c.d, '-6 days', 'weekday 6'), 'm' || substr(c.d, 1, 7))) p WHERE p.value IS NOT NULL GROUP BY p.value, c.tutor_id;
--> statement-breakpoint
INSERT INTO stats_active_tutors (period, tutors) SELECT period, count(*) FROM stats_tutor_periods GROUP BY period;

