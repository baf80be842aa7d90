/**
 * Every enumeration of the product (docs/product.md §3). Numeric values are the wire values;
 * string values are what goes on the wire where the product uses strings.
 */

export const Role = {
  SuperAdmin: 1,
  RegularAdmin: 2,
  Tutor: 3,
  Student: 4,
  TutorManager: 5,
  Studio: 6,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const allRoles: Role[] = Object.values(Role);

/** Plan writes and refunds are SuperAdmin-only; everything else "admin" allows both. */
export function isAdmin(role: Role): boolean {
  return role === Role.SuperAdmin || role === Role.RegularAdmin;
}

/** Tutor-side users teach and have tutor meta; a tutor manager may also teach. */
export function isTutorSide(role: Role): boolean {
  return role === Role.Tutor || role === Role.TutorManager;
}

/** Staff accounts are created only by an admin. */
export function isStaff(role: Role): boolean {
  return isAdmin(role) || role === Role.TutorManager || role === Role.Studio;
}

export const Gender = { Male: "male", Female: "female" } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** The 30 governorates, 1..30 in the original product's order (Minufiya, Helwan and GizaCity as it had them). */
export const Governorate = {
  Cairo: 1,
  Alexandria: 2,
  Giza: 3,
  Dakahlia: 4,
  Qalyubia: 5,
  Sharkia: 6,
  Beheira: 7,
  Aswan: 8,
  Asyut: 9,
  BeniSuef: 10,
  PortSaid: 11,
  Suez: 12,
  Minya: 13,
  Gharbia: 14,
  Ismailia: 15,
  KafrElSheikh: 16,
  Matrouh: 17,
  RedSea: 18,
  Sohag: 19,
  Fayoum: 20,
  Luxor: 21,
  Qena: 22,
  NewValley: 23,
  NorthSinai: 24,
  SouthSinai: 25,
  Damietta: 26,
  Monufia: 27,
  Minufiya: 28,
  Helwan: 29,
  GizaCity: 30,
} as const;
export type Governorate = (typeof Governorate)[keyof typeof Governorate];

/**
 * Wire values that are not governorates of their own, and the governorate each means: Minufiya is
 * Monufia spelled twice, Helwan was folded back into Cairo in 2011, Giza city is in Giza. No form
 * offers them and the API refuses them; a migration moved stored ones to their governorate.
 */
export const retiredGovernorates: Readonly<Partial<Record<Governorate, Governorate>>> = {
  [Governorate.Minufiya]: Governorate.Monufia,
  [Governorate.Helwan]: Governorate.Cairo,
  [Governorate.GizaCity]: Governorate.Giza,
};

/** Egypt's 27 governorates, in wire order: what forms offer and the API accepts. */
export const egyptGovernorates: readonly Governorate[] = Object.values(Governorate).filter(
  (value) => !(value in retiredGovernorates),
);

/** A stored value as the governorate it means (a retired value as its governorate). */
export const canonicalGovernorate = (value: number): Governorate =>
  retiredGovernorates[value as Governorate] ?? (value as Governorate);

/** The app a user chose for notifications and phone verification. */
export const MessagingApp = { Whatsapp: 1, Telegram: 2 } as const;
export type MessagingApp = (typeof MessagingApp)[keyof typeof MessagingApp];

/** A tutor's uploaded assets; the intro video's field is `video`. */
export const AssetKind = { Image: "image", Video: "video", Thumbnail: "thumbnail" } as const;
export type AssetKind = (typeof AssetKind)[keyof typeof AssetKind];

export const PlanPeriod = { Month: 0, Quarter: 1, Year: 2 } as const;
export type PlanPeriod = (typeof PlanPeriod)[keyof typeof PlanPeriod];

/** Months a period is priced for: price = floor(base × months × (1 − discount)). */
export const planPeriodMonths = { 0: 1, 1: 3, 2: 12 } as const satisfies Record<PlanPeriod, number>;

/** Weeks a subscription of that period lasts. */
export const planPeriodWeeks = { 0: 4, 1: 12, 2: 52 } as const satisfies Record<PlanPeriod, number>;

export const ReportAttachmentKind = { Screenshot: "screenshot", Log: "log" } as const;
export type ReportAttachmentKind = (typeof ReportAttachmentKind)[keyof typeof ReportAttachmentKind];

/** What a contact request is about: a general question, or the sender's rights over their personal data (Law 151 of 2020: access, copy, correction, erasure). */
export const ContactRequestKind = { General: "general", DataRights: "data-rights" } as const;
export type ContactRequestKind = (typeof ContactRequestKind)[keyof typeof ContactRequestKind];

/** Where a contact request stands for the team: new until answered (a reply was emailed) or closed. */
export const ContactRequestState = { New: "new", Answered: "answered", Closed: "closed" } as const;
export type ContactRequestState = (typeof ContactRequestState)[keyof typeof ContactRequestState];

/** What an emailed confirmation code is for. */
export const ConfirmationPurpose = {
  ForgetPassword: "forget-password",
  VerifyEmail: "verify-email",
} as const;
export type ConfirmationPurpose = (typeof ConfirmationPurpose)[keyof typeof ConfirmationPurpose];

export const VerificationType = {
  VerifyWhatsApp: 1,
  VerifyTelegram: 2,
  VerifyEmail: 3,
  ResetPassword: 4,
  /** A one-time Telegram deep-link token (docs/services.md §3.2), not a 5-digit code. */
  LinkTelegram: 5,
  /** Confirms an account's deletion when it has no password (worker/domain/privacy/deletion.ts). */
  ConfirmDeletion: 6,
} as const;
export type VerificationType = (typeof VerificationType)[keyof typeof VerificationType];

export const SortDirection = { Asc: "asc", Desc: "desc" } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** How a text filter matches: whole value, its end, its start, or anywhere. */
export const TextMatchMode = { Exact: "exact", Suffix: "suffix", Prefix: "prefix", Loose: "loose" } as const;
export type TextMatchMode = (typeof TextMatchMode)[keyof typeof TextMatchMode];

export const InterviewStatus = {
  Pending: 1,
  Passed: 2,
  Rejected: 3,
  CanceledByInterviewer: 4,
  CanceledByInterviewee: 5,
} as const;
export type InterviewStatus = (typeof InterviewStatus)[keyof typeof InterviewStatus];

export const SessionType = { General: 1, Lesson: 2, Interview: 3, DemoSession: 4 } as const;
export type SessionType = (typeof SessionType)[keyof typeof SessionType];

/** What an availability slot may be booked for; General takes anything. */
export const SlotPurpose = SessionType;
export type SlotPurpose = SessionType;

export const Weekday = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
} as const;
export type Weekday = (typeof Weekday)[keyof typeof Weekday];

/** Lesson lengths in minutes. */
export const LessonDuration = { Short: 15, Long: 30 } as const;
export type LessonDuration = (typeof LessonDuration)[keyof typeof LessonDuration];

export const WithdrawMethod = { Wallet: 0, Bank: 1, Instapay: 2 } as const;
export type WithdrawMethod = (typeof WithdrawMethod)[keyof typeof WithdrawMethod];

/** The 7 banks a tutor can withdraw to. */
export const Bank = {
  CIB: "CIB",
  ALEX: "ALEX",
  NBE: "NBE",
  MISR: "MISR",
  QNB: "QNB",
  MASHREQ: "MASHREQ",
  AAIB: "AAIB",
} as const;
export type Bank = (typeof Bank)[keyof typeof Bank];

/** Withdrawal request states; Canceled, Approved and Rejected are final. */
export const InvoiceStatus = {
  PendingApproval: 0,
  PendingCancellation: 1,
  Canceled: 2,
  Approved: 3,
  Rejected: 4,
  /** The tutor changed a pending request; staff approve or refuse the change (docs/rules.md). */
  UpdateRequested: 5,
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

export const IntroVideoStatus = { Pending: 1, Rejected: 2, Approved: 3 } as const;
export type IntroVideoStatus = (typeof IntroVideoStatus)[keyof typeof IntroVideoStatus];

export const TransactionStatus = {
  New: 0,
  Paid: 1,
  Canceled: 2,
  Refunded: 3,
  Expired: 4,
  PartialRefunded: 5,
  Failed: 6,
  /** A refund was asked of Fawry and its answer is awaited (the ledger row in `refunds` is open). */
  Refunding: 7,
  /** Fawry refused the last refund attempt; the cron retries it, then raises it to SuperAdmins. */
  RefundFailed: 8,
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];

/** Fawry payment methods; ReferenceNumber is cash at a Fawry outlet; Free is an order of 0 (no Fawry call). */
export const PaymentMethod = {
  Card: 0,
  EWallet: 1,
  BankInstallment: 2,
  ReferenceNumber: 3,
  Free: 4,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

/** Status of a staff-reviewed demo session (photo sessions have PhotoSessionStatus below). */
export const ReviewStatus = {
  Pending: 1,
  Passed: 2,
  Rejected: 3,
  CanceledByTutorManager: 4,
  CanceledByTutor: 5,
  CanceledByAdmin: 6,
} as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/**
 * A photo session (onboarding step 5), stored, sent and shown as these strings: pending (asked
 * for, no time yet), scheduled (the studio or an admin set the time), done (the studio finished,
 * with image, video and thumbnail uploaded), canceled (by the tutor before done, the studio or an
 * admin). At most one pending or scheduled session per tutor (photo-session-exists).
 */
export const PhotoSessionStatus = {
  Pending: "pending",
  Scheduled: "scheduled",
  Done: "done",
  Canceled: "canceled",
} as const;
export type PhotoSessionStatus = (typeof PhotoSessionStatus)[keyof typeof PhotoSessionStatus];
/** Every photo session status, for z.enum and the DB column's type. */
export const photoSessionStatuses = Object.values(PhotoSessionStatus) as [
  PhotoSessionStatus,
  ...PhotoSessionStatus[],
];

/** Attendance log entries of a live session room. */
export const RoomMembershipEvent = { UserJoined: 1, UserLeft: 2 } as const;
export type RoomMembershipEvent = (typeof RoomMembershipEvent)[keyof typeof RoomMembershipEvent];

/** Where a visitor came from (a `?src=` code on shared links). */
export const LinkSource = {
  Whatsapp: "wa",
  SocialFacebook: "sfb",
  SocialYoutube: "syt",
  SocialInstagram: "sig",
  SocialTiktok: "stt",
  SocialX: "sx",
  PlanManagementVideo: "mpv",
  TutorManagementDocument: "mtd",
} as const;
export type LinkSource = (typeof LinkSource)[keyof typeof LinkSource];

export const ToastType = { Success: "success", Info: "info", Error: "error", Warning: "warning" } as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];

/** A refund ledger row: Pending while Fawry's answer is awaited, Done once refunded, Failed when refused. */
export const RefundStatus = { Pending: 0, Done: 1, Failed: 2 } as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];

/** What a payment alarm reports to admins (/admin/payments «تحتاج متابعة»). */
export const paymentAlarmKinds = [
  "wrong-amount",
  "other-customer",
  "unknown-order",
  "bad-signature",
  "unapplied-payment",
  "refund-failed",
] as const;
export type PaymentAlarmKind = (typeof paymentAlarmKinds)[number];
