/** GET /user/student/stats/personalized and GET /user/tutor/stats/personalized — the dashboards' numbers. */

export type StatsMember = { id: number; name: string | null; image: string | null };

/** The signed-in user's next lesson that has not ended (it may be happening now). */
export type NextLesson = {
  id: number;
  start: string;
  /** Minutes (15 or 30). */
  duration: number;
  /** The tutor for a student, the student for a tutor. */
  otherMember: StatsMember;
};

export type StudentPersonalStats = {
  nextLesson: NextLesson | null;
  /** Lessons not cancelled (nor the tutor reported absent) that start in the current Africa/Cairo calendar month (past and coming). */
  lessonsThisMonth: number;
  /** Their minutes. */
  minutesThisMonth: number;
};

export type TutorPersonalStats = StudentPersonalStats & {
  /** Piasters earned this Cairo month: fulfilled lessons (ended, not cancelled, tutor not reported absent). */
  earningsThisMonth: number;
  /** Piasters earned from every fulfilled lesson. */
  totalEarnings: number;
};
