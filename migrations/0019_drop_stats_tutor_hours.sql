-- stats_tutor_hours gave the admin series' active tutors by reading a row per tutor and hour;
-- 0018_active_tutor_periods counts them per period instead, and no trigger writes this table any more.
DROP TABLE `stats_tutor_hours`;