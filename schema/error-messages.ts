/**
 * The Arabic (ar-EG) text of every code of the error catalogue (schema/errors.ts). The Worker sends
 * it as `message` with each failure. The SPA keeps it out of its first load (docs/performance.md): it comes
 * with the screens that can show a code of their own (web/src/i18n/error-catalogue.ts), right after
 * the first screen, and with a sign-in's rules; until then a failure from the API shows the
 * message that came with it (web/src/i18n/ar-EG.ts).
 */
import type { ErrorCode } from "./errors";

/** The Arabic (ar-EG) text shown for each code; the API sends it as `message`. */
export const errorMessage: Record<ErrorCode, string> = {
  // General
  unauthenticated: "انتهت جلستك، سجّل الدخول مرة أخرى",
  forbidden: "غير مسموح لك بهذا الإجراء",
  "bad-request": "الطلب غير صحيح، راجع البيانات وحاول مرة أخرى",
  illegal: "هذا الإجراء غير مسموح به",
  "service-unavailable": "الخدمة مش متاحة دلوقتي، جرّب كمان شوية",
  unexpected: "حدث خطأ غير متوقع. حاول مرة أخرى.",
  "not-found": "غير موجود",
  "empty-request": "لم تُرسل أي بيانات",
  "wrong-password": "البريد الإلكتروني أو كلمة المرور غير صحيحة",
  "fawry-error": "حدث خطأ في بوابة الدفع، حاول مرة أخرى",
  "card-declined":
    "البنك رفض البطاقة فالدفع ما تمّش. جرّب بطاقة تانية، أو ادفع برقم مرجعي من فوري أو بمحفظة إلكترونية.",
  "large-file-size": "حجم الملف أكبر من المسموح",
  "too-many-requests": "محاولات كثيرة، انتظر قليلًا ثم حاول مرة أخرى",
  "captcha-failed": "لم نتمكن من التحقق أنك لست روبوتًا. أعد المحاولة.",
  "invalid-type": "القيمة المدخلة غير صحيحة",

  // Already exists
  "room-exists": "المحادثة موجودة بالفعل",
  "user-exists": "هذا البريد مسجَّل بالفعل، استخدم بريدًا آخر أو سجّل الدخول",
  "rating-exists": "قيّمت قبل كده، تقدر تعدّل تقييمك",
  "intro-video-exists": "لديك فيديو تعريفي قيد المراجعة أو مقبول بالفعل",
  "subscription-exists": "عندك اشتراك شغال دلوقتي",
  "topic-exists": "يوجد موضوع بهذا الاسم بالفعل",
  "demo-session-exists": "لديك حصة تجريبية محجوزة أو مقبولة بالفعل",
  "photo-session-exists": "لديك جلسة تصوير مطلوبة أو محددة بالفعل",

  // Subscription
  "subscription-required": "محتاج اشتراك عشان تعمل كده",
  "subscription-uncancellable": "مينفعش تلغي الاشتراك بعد ما استخدمت الحد الأقصى من الحصص",
  "no-enough-minutes": "دقائقك الأسبوعية المتبقية لا تكفي",

  // Scheduling
  "busy-tutor": "المدرّس مشغول في هذا الوقت",
  "busy-tutor-manager": "مسؤول المدرّسين مشغول في هذا الوقت",
  "inactive-tutor-manager": "مسؤول المدرّسين غير متاح حاليًا",
  "conflicting-schedule": "هذا الموعد يتعارض مع موعد آخر لديك",
  "conflicting-lessons": "هذا الموعد يتعارض مع حصص محجوزة",
  "conflicting-interview": "يجب أن تمر ستة أشهر منذ مقابلتك السابقة",
  "reached-booking-limit": "مش هتقدر تحجز حصة تانية لحد ما حصتك الحالية تخلص أو تلغيها",
  "lesson-time-passed": "موعد الحصة قد مضى",
  "lesson-cancel-window-passed": "لا يمكن إلغاء الحصة أو تغيير موعدها قبل بدايتها بأقل من ست ساعات",
  "not-room-member": "لست عضوًا في هذه المحادثة",
  "slot-time-passed": "لا يمكن إضافة موعد أو تغييره بعد أن يبدأ",
  "absence-report-too-early": "تقدر تبلّغ عن غياب المدرّس بعد ٣ دقايق من بداية الحصة",
  "tutor-attended": "المدرّس دخل الحصة، لذلك لا يمكن الإبلاغ عن غيابه",

  // Not found
  "session-not-found": "الجلسة غير موجودة",
  "demo-session-not-found": "الحصة التجريبية غير موجودة",
  "photo-session-not-found": "جلسة التصوير غير موجودة",
  "transaction-not-found": "عملية الدفع غير موجودة",
  "user-not-found": "المستخدم غير موجود",
  "device-not-found": "هذا الجهاز غير متصل بحسابك",
  // Account suspension
  "account-suspended": "حسابك اتوقف، فمش هتقدر تستخدم درس دلوقتي؛ كلّم الدعم عشان تعرف السبب",
  "account-pending-deletion": "حسابك في طريقه للحذف. تقدر تسترجعه قبل موعد الحذف أو تسجّل خروج",
  "deletion-already-requested": "طلبت حذف حسابك قبل كده، والطلب لسه قائم",
  "deletion-not-requested": "مفيش طلب حذف قائم لحسابك",
  "deletion-not-allowed": "حسابات فريق العمل ما تتحذفش من هنا؛ كلّم المدير العام",
  "deletion-blocked-by-balance": "لسه ليك فلوس في درس. اسحبها أو استنى لما طلب السحب يخلص، وبعدين احذف حسابك",
  "deletion-code-required": "اكتب الرمز اللي وصلك على بريدك الإلكتروني",
  "deletion-code-not-needed": "حسابك له كلمة مرور؛ اكتبها بدل الرمز",
  "invalid-deletion-reason": "اكتب سبب الحذف ورقم الطلب المكتوب (من ٣ لـ ٥٠٠ حرف)",
  "invalid-deletion-grace": "مهلة الحذف لازم تكون من ٠ لـ ٣٠ يوم",
  "export-too-soon": "طلبت نسخة من بياناتك النهارده. تقدر تطلب نسخة جديدة بعد ٢٤ ساعة من آخر طلب",
  "export-not-found": "الملف ده مش موجود أو مدته خلصت",
  "export-not-ready": "الملف لسه بيتجهز. هنبعتلك أول ما يخلص",
  "invalid-device-id": "حصلت مشكلة في حفظ اختيارك. حدّث الصفحة وجرّب تاني",
  "account-already-suspended": "هذا الحساب موقوف بالفعل",
  "account-not-suspended": "هذا الحساب غير موقوف",
  "invalid-suspension-reason": "اكتب سبب الإيقاف (من ٣ إلى ٥٠٠ حرف)",
  "tutor-not-found": "المدرّس غير موجود",
  "student-not-found": "الطالب غير موجود",
  "lesson-not-found": "الحصة غير موجودة",
  "slot-not-found": "الموعد غير موجود",
  "rating-not-found": "التقييم غير موجود",
  "coupon-not-found": "كود الخصم ده مش موجود",
  "asset-not-found": "الملف غير موجود",
  "invite-not-found": "الدعوة غير موجودة",
  "invoice-not-found": "طلب السحب غير موجود",
  "plan-not-found": "الباقة غير موجودة",
  "room-not-found": "المحادثة غير موجودة",
  "room-members-not-found": "أعضاء المحادثة غير موجودين",
  "report-not-found": "البلاغ غير موجود",
  "interview-not-found": "المقابلة غير موجودة",
  "topic-not-found": "الموضوع غير موجود",
  "withdraw-method-not-found": "طريقة السحب غير موجودة",
  "subscription-not-found": "الاشتراك غير موجود",
  "intro-video-not-found": "الفيديو التعريفي غير موجود",

  // Invoice (withdrawal request)
  "invalid-invoice-method": "اختار طريقة سحب محفوظة أو اكتب طريقة جديدة، مش الاتنين مع بعض",
  "invoice-not-valid": "طلب السحب لم يعد صالحًا: أرباح المدرّس دلوقتي مش مغطية مبلغه",
  "illegal-invoice-update": "مينفعش تعدّل طلب السحب وهو في الحالة دي",
  "invoice-update-pending": "المدرّس طالب تعديل على الطلب ده: وافق على التعديل أو ارفضه الأول",
  "insufficient-balance": "المبلغ أكبر من رصيدك المتاح للسحب",
  "withdraw-methods-limit-reached": "تقدر تحفظ ١٠ طرق سحب بالكتير؛ امسح طريقة عشان تضيف واحدة تانية",

  // Verification
  "email-already-verified": "بريدك الإلكتروني مؤكَّد بالفعل",
  "email-not-verified": "أكّد بريدك الإلكتروني أولًا",
  "user-already-verified": "حسابك مؤكَّد بالفعل",
  "phone-already-verified": "رقم موبايلك مؤكَّد بالفعل",
  "invalid-email-address": "البريد الإلكتروني غير صحيح",
  "invalid-phone": "رقم الموبايل غير صحيح، يجب أن يبدأ بـ 010 أو 011 أو 012 أو 015 ويتكون من ١١ رقمًا",
  "incorrect-phone": "رقم الموبايل لا يطابق الرقم الذي أُرسل إليه الرمز",
  "unresolved-phone":
    "مقدرناش نوصل لرقمك على التطبيق ده. اتأكد إن الرقم متسجّل عليه وإن إعدادات الخصوصية بتسمح إننا نراسلك",
  "expired-verification-code": "الرمز ده خلص، اطلب رمز جديد",
  "invalid-verification-code": "الرمز مش صحيح. اتأكد من الأرقام الخمسة أو اطلب رمز جديد",

  // Validation: account
  "invalid-email": "البريد الإلكتروني غير صحيح",
  "short-password": "كلمة المرور قصيرة، ٨ أحرف على الأقل",
  "long-password": "كلمة المرور طويلة، ٥٠ حرفًا على الأكثر",
  "invalid-password": "كلمة المرور يجب أن تحتوي على رقم وحرف إنجليزي صغير ورمز، بدون مسافات",
  "invalid-user-name": "الاسم يجب أن يحتوي على حروف عربية أو إنجليزية ومسافات فقط",
  "invalid-tutor-name": "اسم المدرّس يجب أن يكون بحروف عربية فقط",
  "short-user-name": "الاسم قصير، حرفان على الأقل",
  "long-user-name": "الاسم طويل، ٣٠ حرفًا على الأكثر",
  "old-user": "سنة الميلاد غير مقبولة، يجب ألا يزيد العمر عن ٦٠ سنة",
  "young-user": "سنة الميلاد غير مقبولة، يجب ألا يقل العمر عن ١٠ سنوات",
  "invalid-time-zone": "المنطقة الزمنية غير معروفة، اختر واحدة من القائمة",

  // Validation: tutor profile
  "empty-bio": "اكتب نبذة قصيرة عنك",
  "long-bio": "النبذة طويلة، ٦٠ حرفًا على الأكثر",
  "short-bio": "النبذة قصيرة، ٢٥ حرفًا على الأقل",
  "invalid-bio": "النبذة يجب أن تكون بالعربية",
  "invalid-tutor-about": "التعريف بنفسك يجب أن يكون بالعربية",
  "short-tutor-about": "التعريف بنفسك قصير، ٥٠ حرفًا على الأقل",
  "long-tutor-about": "التعريف بنفسك طويل، ١٠٠٠ حرف على الأكثر",
  "max-notice-exceeded": "مدة الإشعار المسبق أكبر من الحد الأقصى (١٤٤٠ دقيقة)",
  "invalid-notice": "مدة الإشعار المسبق غير صحيحة",
  "short-video-duration": "الفيديو قصير، دقيقة واحدة على الأقل",
  "long-video-duration": "الفيديو طويل، ٣ دقايق بالكتير",
  "mismatched-video-duration":
    "مدة الفيديو المكتوبة في الملف مش زي مدته الحقيقية، احفظه تاني من برنامج التصوير وارفعه",
  "large-image-dimensions": "أبعاد الصورة كبيرة أوي، صغّرها لـ٥٠ ميجابكسل على الأكثر وجرّب تاني",

  // Validation: interviews and ratings
  "invalid-interview-feedback-html": "نص الملاحظات يحتوي على تنسيق غير مسموح",
  "short-interview-feedback": "الملاحظات قصيرة جدًا",
  "long-interview-feedback": "الملاحظات طويلة جدًا",
  "invalid-interview-note-html": "نص الملاحظة يحتوي على تنسيق غير مسموح",
  "short-interview-note": "الملاحظة قصيرة جدًا",
  "long-interview-note": "الملاحظة طويلة جدًا",
  "interview-level-too-low": "المستوى أقل من المسموح",
  "interview-level-too-high": "المستوى أعلى من المسموح",
  "too-high-rating-value": "التقييم أعلى من المسموح (٥ على الأكثر)",
  "too-low-rating-value": "التقييم أقل من المسموح (١ على الأقل)",
  "long-rating-text": "نص التقييم طويل جدًا",
  "short-rating-text": "نص التقييم قصير جدًا",

  // Validation: plans and coupons
  "invalid-weekly-minutes": "عدد الدقائق الأسبوعية غير صحيح",
  "invalid-plan-price": "سعر الباقة غير صحيح",
  "invalid-plan-discount": "نسبة الخصم غير صحيحة",
  "invalid-coupon-code": "كود الخصم غير صحيح",
  "zero-coupon-discount": "قيمة الخصم يجب أن تكون أكبر من صفر",
  "max-coupon-discount-exceeded": "قيمة الخصم أكبر من الحد الأقصى",
  "invalid-coupon-expire-date": "تاريخ انتهاء كود الخصم غير صحيح",
  "coupon-expire-date-passed": "كود الخصم ده خلص",
  "coupon-max-uses-reached": "كود الخصم ده اتستخدم أقصى عدد مرات",

  // Payments: orders and refunds
  "order-is-free": "إجمالي الطلب صفر، فعّل الباقة مجانًا بدون دفع",
  "order-not-free": "هذا الطلب له مبلغ مستحق، اختار وسيلة دفع",
  "order-being-paid": "عندك طلب دفع بيتنفذ دلوقتي، استنى لحد ما يخلص وبعدين حاول تاني",
  "refund-in-progress": "فيه استرداد شغال لنفس العملية، استنى لحد ما يخلص",
  "refund-exceeds-paid": "مبلغ الاسترداد أكبر من المتبقي من المدفوع",
  "refund-already-made": "العملية دي اترد منها مبلغ قبل كده، أكّد إنك عايز تعمل استرداد تاني",
  "payment-alarm-not-found": "التنبيه غير موجود",

  // A student's words to practise
  "word-not-found": "الكلمة دي مش في كلماتك",
  "word-not-due": "الكلمة دي مش عليك دلوقتي، هتيجي في ميعاد تمرينها",

  // Lesson notes and homework
  "note-not-tutor": "مدرّس الحصة بس هو اللي يكتب ملاحظاتها",
  "note-too-early": "الحصة لسه ما خلصتش، تقدر تكتب الملاحظات بعد ما تخلص",
  "note-window-passed": "فات أكتر من ٧ أيام على الحصة، ماينفعش تكتب ملاحظاتها دلوقتي",
  "note-lesson-canceled": "الحصة دي اتلغت، فمالهاش ملاحظات",
  "note-not-found": "لسه مفيش ملاحظات للحصة دي",
  "no-homework": "الحصة دي مالهاش واجب",
  "too-many-note-words": "الكلمات الجديدة كتير، الحد ٣٠ كلمة في الحصة",
  "invalid-note-text": "النص فيه تنسيق مش مسموح، اكتبه نص عادي",
  "short-note-summary": "اكتب إنتوا خدتوا إيه في الحصة",
  "long-note-summary": "الملخص طويل جدًا، الحد ٢٠٠٠ حرف",
  "invalid-note-word": "كل كلمة محتاجة الكلمة ومعناها، والكلمة لحد ١٠٠ حرف والمعنى والمثال لحد ٣٠٠ حرف",
  "long-note-homework": "الواجب طويل جدًا، الحد ٢٠٠٠ حرف",
  "invalid-homework-due": "ميعاد تسليم الواجب مش صحيح، اختار يوم من القايمة",
  "short-note-reply": "اكتب ردك الأول",
  "long-note-reply": "الرد طويل جدًا، الحد ٢٠٠٠ حرف",

  // Notifications: a dead delivery sent again by staff
  "delivery-not-failed": "الرسالة دي مش من الرسائل اللي ما وصلتش: يمكن اتبعتت أو بيتعاد إرسالها",

  // Validation: chat
  "invalid-message-html": "الرسالة تحتوي على تنسيق غير مسموح",
  "long-message-text": "الرسالة طويلة جدًا",
  "short-message-text": "الرسالة فارغة",

  // Validation: withdrawals
  "min-withdraw-above-max": "الحد الأدنى للسحب أكبر من الحد الأقصى",
  "non-positive-max-withdraw": "الحد الأقصى للسحب يجب أن يكون أكبر من صفر",
  "non-positive-min-withdraw": "الحد الأدنى للسحب يجب أن يكون أكبر من صفر",
  "non-positive-lesson-rate": "سعر ساعة الحصة لازم يكون أكبر من صفر",
  "non-positive-tutor-rate": "أجر المدرّس في الساعة لازم يكون أكبر من صفر",
  "tutor-rate-above-lesson-rate": "أجر المدرّس في الساعة ما ينفعش يكون أكبر من سعر ساعة الحصة",
  "invalid-trial-minutes": "مدة الحصة التجريبية لازم تكون ٠ (مقفولة) أو ١٥ أو ٣٠ دقيقة",
  "invalid-cancel-window": "مهلة الإلغاء لازم تكون عدد ساعات صحيح من ٠ لـ ٤٨",
  "invalid-refund-fee": "رسوم الاسترداد لازم تكون من ٠ لـ ١٠٪",
  "invalid-messaging-link":
    "الرابط لازم يكون رابط جروب أو قناة واتساب أو تيليجرام كامل، زي اللي بتنسخه من التطبيق",
  "min-invoice-amount-subceeded": "اكتب مبلغ بين ١٠٠ و٥٠٬٠٠٠ جنيه",
  "max-invoice-amount-exceeded": "اكتب مبلغ بين ١٠٠ و٥٠٬٠٠٠ جنيه",
  "empty-invoice-note": "اكتب ملاحظة",
  "invalid-invoice-note-html": "الملاحظة تحتوي على تنسيق غير مسموح",
  "long-invoice-note": "الملاحظة طويلة جدًا",
  "instapay-username-invalid": "عنوان إنستاباي غير صحيح، مثال: name@instapay",
  "empty-bank-name": "اختر البنك",
  "invalid-bank-name": "البنك غير مدعوم",
  "invalid-bank-account-number": "رقم الحساب البنكي غير صحيح",
  "invalid-withdraw-method": "طريقة السحب غير صحيحة",

  // Validation: topics and contact requests
  "short-topic-name": "اسم الموضوع قصير جدًا",
  "long-topic-name": "اسم الموضوع طويل جدًا",
  "invalid-topic-name": "اسم الموضوع يحتوي على حروف غير مسموحة",
  "short-contact-title": "العنوان قصير جدًا",
  "long-contact-title": "العنوان طويل جدًا",
  "short-contact-message": "الرسالة قصيرة جدًا",
  "long-contact-message": "الرسالة طويلة جدًا",
  "contact-request-not-found": "طلب التواصل ده مش موجود",
  "contact-request-no-email": "صاحب الطلب ما كتبش بريد إلكتروني، تواصل معاه على رقم الموبايل",
  "empty-contact-reply": "اكتب الرد الأول",
  "long-contact-reply": "الرد طويل جدًا، الحد ٤٠٠٠ حرف",
  "long-contact-notes": "الملاحظات طويلة جدًا، الحد ٢٠٠٠ حرف",
  "rating-reply-not-yours": "المدرّس اللي اتقيّم بس هو اللي يقدر يرد على التقييم ده",
  "rating-reply-locked": "فات أكتر من ٢٤ ساعة على ردك، ماينفعش تعدّله دلوقتي",
  "empty-rating-reply": "اكتب الرد الأول",
  "long-rating-reply": "الرد طويل جدًا، الحد ١٠٠٠ حرف",
  "rating-flag-exists": "بلّغت عن التقييم ده قبل كده، وفريقنا هيراجعه",
  "own-rating-flag": "ماينفعش تبلّغ عن تقييم كتبته بنفسك، تقدر تعدّله أو تمسحه",
  "long-rating-flag-text": "التوضيح طويل جدًا، الحد ٥٠٠ حرف",
  "rating-already-hidden": "التقييم ده متخبّي بالفعل",
  "rating-not-hidden": "التقييم ده ظاهر بالفعل",
  "empty-rating-note": "اكتب ملاحظة توضّح السبب",
  "long-rating-note": "الملاحظة طويلة جدًا، الحد ٥٠٠ حرف",
};
