// Every D1 table. drizzle-kit reads this file (drizzle.config.ts); the worker imports from here.
export * from "./identity";
export * from "./tutors";
export * from "./topics";
export * from "./availability";
export * from "./lessons";
export * from "./interviews";
export * from "./onboarding";
export * from "./ratings";
export * from "./plans";
export * from "./payments";
export * from "./invoices";
export * from "./chat";
export * from "./reports";
export * from "./sessions";
export * from "./platform";
export * from "./audit";
export * from "./auth-sessions";
