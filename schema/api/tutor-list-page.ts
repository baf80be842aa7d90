/**
 * The page size of the public tutor list screen (/tutors): the SPA asks for pages of this size
 * and the Worker inlines the first one in the page it serves (worker/seo/pages.ts), so both agree.
 */
export const TUTORS_PAGE_SIZE = 12;
