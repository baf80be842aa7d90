/** The Arabic text of every notification the product sends. */
export const messages = {
  verifyEmail: (code: string) => ({
    subject: "رمز تأكيد بريدك الإلكتروني في درس",
    body: `رمز التأكيد الخاص بك هو ${code}. الرمز صالح لمدة ١٥ دقيقة. إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.`,
  }),
  resetPassword: (code: string) => ({
    subject: "رمز إعادة تعيين كلمة المرور في درس",
    body: `استخدم الرمز ${code} لإعادة تعيين كلمة المرور. الرمز صالح لمدة ١٥ دقيقة. إذا لم تطلب ذلك فتجاهل هذه الرسالة، وحسابك في أمان.`,
  }),
  verifyPhone: (code: string) => ({
    subject: "رمز تأكيد رقم الهاتف",
    body: `رمز تأكيد رقم هاتفك في درس هو ${code}. صالح لمدة ١٥ دقيقة.`,
  }),
  welcome: (name: string | null) => ({
    subject: "أهلًا بك في درس",
    body: `أهلًا${name ? ` ${name}` : ""}! تم إنشاء حسابك في درس. أكِّد بريدك الإلكتروني لتبدأ.`,
  }),
};
