/**
 * Completing a profile, the profile photo and the password, in Arabic (Egypt): imported by the
 * screens that show them (account settings, complete profile), so they load with those screens'
 * chunks and not in every first load. The shell's strings are in web/src/i18n/ar-EG.ts (ar).
 */

export const arProfile = {
  profile: {
    completeTitle: "كمّل ملفك",
    completeIntro: "البيانات دي بتساعدنا نرشّحلك اللي يناسبك ونفكّرك بمواعيد حصصك.",
    completeSubmit: "احفظ وكمّل",
    saved: "حفظنا بياناتك",
    avatar: "الصورة الشخصية",
    avatarHint: "صورة JPG أو PNG أو GIF، لحد ٨ ميجابايت، والأحسن تكون ٤٨٠×٤٨٠ بكسل أو أكبر.",
    chooseAvatar: "اختار صورة",
    uploading: "بنرفع الصورة",
    uploadProgress: (percent: string) => `اترفع ${percent}`,
    uploaded: "صورتك اتغيّرت",
    abortUpload: "وقّف الرفع",
    uploadAborted: "وقّفنا رفع الصورة",
    changePassword: "غيّر كلمة المرور",
    setPassword: "اعمل كلمة مرور",
    setPasswordIntro: "حسابك مربوط بجوجل. تقدر تعمل كلمة مرور عشان تدخل بالبريد كمان.",
    passwordChanged: "كلمة المرور اتغيّرت",
  },
};
