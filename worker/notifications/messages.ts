import { arabicMinutes } from "../../schema/arabic-numbers";
import { MINUTE_MS } from "../../schema/time";
import { settings } from "../core/settings";

/** How long a code works, with Arabic digits (schema/arabic-numbers.ts): «١٥ دقيقة». */
const codeLifetime = () => arabicMinutes(settings.verificationCode.lifetimeMs / MINUTE_MS);

/** The Arabic text of every notification the product sends. */
export const messages = {
  verifyEmail: (code: string) => ({
    subject: "رمز تأكيد بريدك الإلكتروني في درس",
    body: `رمز التأكيد الخاص بك هو ${code}. الرمز صالح لمدة ${codeLifetime()}. إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.`,
  }),
  resetPassword: (code: string) => ({
    subject: "رمز إعادة تعيين كلمة المرور في درس",
    body: `استخدم الرمز ${code} لإعادة تعيين كلمة المرور. الرمز صالح لمدة ${codeLifetime()}. إذا لم تطلب ذلك فتجاهل هذه الرسالة، وحسابك في أمان.`,
  }),
  confirmDeletion: (code: string) => ({
    subject: "رمز تأكيد حذف حسابك في درس",
    body: `طلبت حذف حسابك في درس. رمز التأكيد هو ${code}، صالح لمدة ${codeLifetime()}. لو ما طلبتش ده، تجاهل الرسالة وحسابك في أمان.`,
  }),
  verifyPhone: (code: string) => ({
    subject: "رمز تأكيد رقم الهاتف",
    body: `رمز تأكيد رقم هاتفك في درس هو ${code}. صالح لمدة ${codeLifetime()}.`,
  }),
  welcome: (name: string | null) => ({
    subject: "أهلًا بك في درس",
    body: `أهلًا${name ? ` ${name}` : ""}! حسابك في درس اتعمل. أكّد بريدك الإلكتروني عشان تبدأ.`,
  }),
};

/** What the Telegram bot answers in the chat when someone links it (worker/domain/identity/telegram-link.ts). */
export const telegramReplies = {
  linked: (name: string | null) => ({
    subject: "تيليجرام اتربط",
    body: `أهلًا${name ? ` ${name}` : ""}! حسابك في درس اتربط بتيليجرام، وهتوصلك الإشعارات ورموز التأكيد هنا.`,
  }),
  invalid: {
    subject: "رابط غير صالح",
    body: "الرابط غير صالح أو انتهت صلاحيته. اطلب رابطًا جديدًا من صفحة تأكيد رقم الهاتف في درس.",
  },
  help: {
    subject: "بوت درس",
    body: "هذا البوت يرسل إشعارات درس ورموز التأكيد. لربط حسابك افتح رابط تيليجرام من صفحة تأكيد رقم الهاتف في درس.",
  },
};
