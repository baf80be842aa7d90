/**
 * The error catalogue (docs/product.md §5 and §8): every code the API answers with, and its HTTP
 * status. A new failure gets a new code here; a code never changes meaning.
 *
 * Status choices: 400 a malformed or invalid request, 404 a missing thing, 409 a clash with
 * existing state, 422 a well-formed request a business rule refuses.
 */
export const errorStatus = {
  // General
  unauthenticated: 401,
  forbidden: 403,
  "bad-request": 400,
  illegal: 400,
  "service-unavailable": 503,
  unexpected: 500,
  "not-found": 404,
  "empty-request": 400,
  "wrong-password": 400,
  "fawry-error": 502,
  "card-declined": 422,
  "large-file-size": 413,
  "too-many-requests": 429,
  "captcha-failed": 403,
  "invalid-type": 400,
  /** A capped list's page past the deepest one served (lastServedPage in schema/api/common.ts). */
  "page-too-deep": 422,

  // Already exists
  "room-exists": 409,
  "user-exists": 409,
  "rating-exists": 409,
  "intro-video-exists": 409,
  "subscription-exists": 409,
  "topic-exists": 409,
  "demo-session-exists": 409,
  "photo-session-exists": 409,

  // Subscription
  "subscription-required": 422,
  "subscription-uncancellable": 422,
  "no-enough-minutes": 422,

  // Scheduling
  "busy-tutor": 409,
  "busy-tutor-manager": 409,
  "inactive-tutor-manager": 422,
  "conflicting-schedule": 409,
  "conflicting-lessons": 409,
  "conflicting-interview": 409,
  "reached-booking-limit": 422,
  "lesson-time-passed": 422,
  "lesson-cancel-window-passed": 422,
  "not-room-member": 403,
  "slot-time-passed": 422,
  "absence-report-too-early": 422,
  "tutor-attended": 422,

  // Not found
  "session-not-found": 404,
  "demo-session-not-found": 404,
  "photo-session-not-found": 404,
  "transaction-not-found": 404,
  "user-not-found": 404,
  "device-not-found": 404,
  // Account suspension
  "account-suspended": 403,
  "account-already-suspended": 409,
  "account-not-suspended": 409,
  "invalid-suspension-reason": 400,
  // Account deletion (docs/rules.md, "Your data: deletion")
  "account-pending-deletion": 403,
  "deletion-already-requested": 409,
  "deletion-not-requested": 409,
  "deletion-not-allowed": 409,
  "deletion-blocked-by-balance": 409,
  "deletion-code-required": 400,
  "deletion-code-not-needed": 409,
  "invalid-deletion-reason": 400,
  "invalid-deletion-grace": 400,
  // Data export and consents (docs/rules.md, "Your data: export, consents, retention")
  "export-too-soon": 429,
  "export-not-found": 404,
  "export-not-ready": 409,
  "invalid-device-id": 400,
  "invalid-unsubscribe-link": 400,
  "invalid-quiet-hours": 400,
  // Web push (schema/api/push.ts)
  "invalid-push-subscription": 400,
  "push-subscription-not-found": 404,
  "tutor-not-found": 404,
  "student-not-found": 404,
  "lesson-not-found": 404,
  "slot-not-found": 404,
  "rating-not-found": 404,
  "coupon-not-found": 404,
  "asset-not-found": 404,
  "invite-not-found": 404,
  "invoice-not-found": 404,
  "plan-not-found": 404,
  "room-not-found": 404,
  "room-members-not-found": 404,
  "report-not-found": 404,
  "interview-not-found": 404,
  "topic-not-found": 404,
  "withdraw-method-not-found": 404,
  "subscription-not-found": 404,
  "intro-video-not-found": 404,

  // Lesson notes and homework (worker/domain/learning/notes.ts)
  "note-not-tutor": 403,
  "note-too-early": 422,
  "note-window-passed": 422,
  "note-lesson-canceled": 422,
  "note-not-found": 404,
  "no-homework": 422,
  "too-many-note-words": 400,
  "invalid-note-text": 400,
  "short-note-summary": 400,
  "long-note-summary": 400,
  "invalid-note-word": 400,
  "long-note-homework": 400,
  "invalid-homework-due": 400,
  "short-note-reply": 400,
  "long-note-reply": 400,

  // Invoice (withdrawal request)
  "invalid-invoice-method": 400,
  "invoice-not-valid": 422,
  "illegal-invoice-update": 409,
  "invoice-update-pending": 409,
  "insufficient-balance": 422,
  "withdraw-methods-limit-reached": 422,

  // Verification
  "email-already-verified": 409,
  "email-not-verified": 422,
  "user-already-verified": 409,
  "phone-already-verified": 409,
  "invalid-email-address": 400,
  "invalid-phone": 400,
  "incorrect-phone": 400,
  "unresolved-phone": 422,
  "expired-verification-code": 400,
  "invalid-verification-code": 400,

  // Validation: account
  "invalid-email": 400,
  "short-password": 400,
  "long-password": 400,
  "invalid-password": 400,
  "invalid-user-name": 400,
  "invalid-tutor-name": 400,
  "short-user-name": 400,
  "long-user-name": 400,
  "old-user": 400,
  "young-user": 400,
  "invalid-time-zone": 400,

  // Validation: tutor profile
  "empty-bio": 400,
  "long-bio": 400,
  "short-bio": 400,
  "invalid-bio": 400,
  "invalid-tutor-about": 400,
  "short-tutor-about": 400,
  "long-tutor-about": 400,
  "max-notice-exceeded": 400,
  "invalid-notice": 400,
  "short-video-duration": 400,
  "long-video-duration": 400,
  "mismatched-video-duration": 400,
  "large-image-dimensions": 413,

  // Validation: interviews and ratings
  "invalid-interview-feedback-html": 400,
  "short-interview-feedback": 400,
  "long-interview-feedback": 400,
  "invalid-interview-note-html": 400,
  "short-interview-note": 400,
  "long-interview-note": 400,
  "interview-level-too-low": 400,
  "interview-level-too-high": 400,
  "too-high-rating-value": 400,
  "too-low-rating-value": 400,
  "long-rating-text": 400,
  "short-rating-text": 400,

  // Validation: plans and coupons
  "invalid-weekly-minutes": 400,
  "invalid-plan-price": 400,
  "invalid-plan-discount": 400,
  "invalid-coupon-code": 400,
  "zero-coupon-discount": 400,
  "max-coupon-discount-exceeded": 400,
  "invalid-coupon-expire-date": 400,
  "coupon-expire-date-passed": 400,
  "coupon-max-uses-reached": 422,

  // Payments: orders and refunds
  "order-is-free": 422,
  "order-not-free": 422,
  "order-being-paid": 409,
  "refund-in-progress": 409,
  "refund-exceeds-paid": 422,
  "refund-already-made": 409,
  "payment-alarm-not-found": 404,

  // Notifications: a dead delivery sent again by staff
  "delivery-not-failed": 409,

  // Validation: chat
  "invalid-message-html": 400,
  "long-message-text": 400,
  "short-message-text": 400,

  // Validation: withdrawals (platform settings, invoices, receivers)
  "min-withdraw-above-max": 400,
  "non-positive-max-withdraw": 400,
  "non-positive-min-withdraw": 400,

  // Validation: business numbers (platform settings)
  "non-positive-lesson-rate": 400,
  "non-positive-tutor-rate": 400,
  "tutor-rate-above-lesson-rate": 400,
  "invalid-trial-minutes": 400,
  "invalid-cancel-window": 400,
  "invalid-refund-fee": 400,
  "invalid-messaging-link": 400,
  "min-invoice-amount-subceeded": 400,
  "max-invoice-amount-exceeded": 400,
  "empty-invoice-note": 400,
  "invalid-invoice-note-html": 400,
  "long-invoice-note": 400,
  "instapay-username-invalid": 400,
  "empty-bank-name": 400,
  "invalid-bank-name": 400,
  "invalid-bank-account-number": 400,
  "invalid-withdraw-method": 400,

  // Validation: topics and contact requests
  "short-topic-name": 400,
  "long-topic-name": 400,
  "invalid-topic-name": 400,
  "short-contact-title": 400,
  "long-contact-title": 400,
  "short-contact-message": 400,
  "long-contact-message": 400,
  // A student's words to practise (worker/domain/learning/words.ts)
  "word-not-found": 404,
  "word-not-due": 409,
  // Contact requests for staff (worker/domain/staff/contact-requests.ts)
  "contact-request-not-found": 404,
  "contact-request-no-email": 422,
  "empty-contact-reply": 400,
  "long-contact-reply": 400,
  "long-contact-notes": 400,
  // A student's CEFR level (worker/domain/learning/levels.ts)
  "invalid-level": 400,
  "short-level-reason": 400,
  "long-level-reason": 400,
  "invalid-level-reason": 400,
  "level-not-allowed": 403,
  // Reviews: replies, flags and hiding (worker/domain/lessons/ratings-moderation.ts)
  "rating-reply-not-yours": 403,
  "rating-reply-locked": 409,
  "empty-rating-reply": 400,
  "long-rating-reply": 400,
  "rating-flag-exists": 409,
  "own-rating-flag": 403,
  "long-rating-flag-text": 400,
  "rating-already-hidden": 409,
  "rating-not-hidden": 409,
  "empty-rating-note": 400,
  "long-rating-note": 400,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === "string" && Object.hasOwn(errorStatus, x);
}

/** Results of realtime acknowledgements (chat and live sessions). */
export const ackResults = [
  "empty-text",
  "room-not-found",
  "message-not-found",
  "lesson-not-found",
  "interview-not-found",
  "not-member",
  "not-owner",
  "unreachable",
  "unallowed",
  "invalid-session-id",
  "ok",
] as const;
export type AckResult = (typeof ackResults)[number];

/** Camera and microphone failures in a live session (shown, never sent to the API). */
export const deviceErrors = [
  "no-device",
  "device-in-use",
  "over-constrained",
  "permission-denied",
  "unexpected",
] as const;
export type DeviceError = (typeof deviceErrors)[number];

// The Arabic text of each code is in schema/error-messages.ts (the SPA loads it with its forms, not in every first load).
