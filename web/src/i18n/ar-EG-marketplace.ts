/**
 * The marketplace's shared phrases for students, tutors and visitors: joining a lesson, what a
 * booking can and cannot be, the visitor's tutor pages. The area screens import it; the shell's
 * own words (phone menu, loading and offline states, dates near today) are in ar-EG.ts. Vocabulary and tone follow docs/glossary.md (حصة، مدرّس، طالب، باقة).
 */
export const market = {
  join: {
    action: "انضم للحصة",
    actionFor: (lesson: string) => `انضم للحصة — ${lesson}`,
    /** The lesson's state in words, beside its button. */
    opensAt: (time: string) => `الغرفة بتفتح ${time}، قبل الحصة بعشر دقايق`,
    opensIn: (wait: string) => `الغرفة بتفتح بعد ${wait}`,
    startsIn: (wait: string) => `الحصة بتبدأ بعد ${wait} — ادخل دلوقتي`,
    endsIn: (left: string) => `الحصة شغالة دلوقتي — فاضل ${left}`,
    ended: "الحصة خلصت",
    soonTitle: "حصص قربت",
    /** Opens the live room's device check at any time (web/src/features/lessons/device-check-button.tsx). */
    deviceCheck: "جرّب الكاميرا والمايك",
    deviceCheckFor: (lesson: string) => `جرّب الكاميرا والمايك — ${lesson}`,
  },

  changes: {
    /** Cancel and move are open until the cancel window (e.g. «٦ ساعات», null: none) before the start. */
    closedAt: (time: string, window: string | null) =>
      window
        ? `الإلغاء وتغيير الميعاد متاحين لحد ${window} قبل الحصة، واتقفلوا ${time}.`
        : `الإلغاء وتغيير الميعاد متاحين لحد ميعاد الحصة، واتقفلوا ${time}.`,
    closesAt: (time: string) => `تقدر تلغي أو تغيّر الميعاد لحد ${time}.`,
    /** Before confirming a lesson that starts inside the cancel window: it is locked the moment it is booked. */
    lockedOnBooking: (time: string, window: string | null) =>
      window
        ? `خد بالك: الحصة دي بعد أقل من ${window}، فلو حجزتها مش هتقدر تلغيها أو تغيّر ميعادها. الإلغاء والتغيير كانوا متاحين لحد ${time}.`
        : `خد بالك: الحصة دي بتبدأ دلوقتي، فلو حجزتها مش هتقدر تلغيها أو تغيّر ميعادها.`,
    lockedTitle: "الحصة دي مش هتتلغي ولا هيتغيّر ميعادها",
    /** After booking it: the same fact, said again. */
    lockedBooked: (time: string) =>
      `الحصة دي مقفولة من دلوقتي: مش هينفع تلغيها أو تغيّر ميعادها (الإلغاء كان متاح لحد ${time}). لو حصل ظرف كلّم المدرّس في الشات.`,
  },

  booking: {
    trialOnly: (minutes: string) =>
      `محتاج اشتراك عشان تحجز حصة بالمدة دي؛ من غير اشتراك أول حصة تجريبية بس ببلاش ومدتها ${minutes}`,
    trialUsed: "استخدمت الحصة التجريبية، اشترك في باقة عشان تحجز حصص تانية",
    notEnoughMinutes: (left: string) => `فاضل لك ${left} بس الأسبوع ده`,
    noMinutesLeft: "خلّصت دقايق الأسبوع ده",
    disabledReason: (duration: string, reason: string) => `${duration} — مش متاحة: ${reason}`,
    noDurationFits: "مفيش مدة تنفع في اليوم ده. جرّب يوم من الأسبوع الجاي، أو شوف الباقات.",
    gridNote: "المواعيد كل ربع ساعة.",
  },

  calendar: {
    addToGoogle: "أضف إلى تقويم Google",
    addToGoogleFor: (lesson: string) => `أضف إلى تقويم Google — ${lesson}`,
    eventTitle: (name: string) => `حصة إنجليزي مع ${name} على درس`,
    eventDetails: (url: string) => `ادخل الحصة من هنا: ${url}`,
  },

  visitor: {
    pricePerLesson: "سعر الحصة",
    priceOf: (minutes: string, price: string) => `${minutes}: ${price}`,
    priceNote: "الحصص بتتخصم من دقايق باقتك الأسبوعية.",
    cardPrice: (long: string, short: string) => `الحصة: ${long} لنص ساعة، ${short} لربع ساعة`,
    weekFreeTimes: "المواعيد الفاضية الأسبوع ده",
    noFreeThisWeek: "مفيش مواعيد فاضية الأسبوع ده.",
    freeDays: (days: string) => `فاضي الأسبوع ده: ${days}`,
    moreTimes: (count: string) => `و${count} كمان`,
    share: "شارك صفحة المدرّس",
    shareWhatsApp: "ابعتها على واتساب",
    copyLink: "انسخ الرابط",
    linkCopied: "اتنسخ الرابط",
    copyFailed: "مقدرناش ننسخ الرابط، انسخه من شريط العنوان.",
    /** In the tutor's gender (byGender, web/src/lib/plural.ts). */
    shareText: {
      male: (name: string) => `شوف ${name} على درس، مدرّس إنجليزي أونلاين:`,
      female: (name: string) => `شوف ${name} على درس، مدرّسة إنجليزي أونلاين:`,
    },
    /** The booking bar at the bottom of a tutor's page on a phone (web/src/features/tutor-profile/booking-bar.tsx). */
    bookingBar: (name: string) => `احجز حصة مع ${name}`,
    priceFrom: (price: string) => `الحصة من ${price}`,
    soonestFree: (when: string) => `أقرب ميعاد فاضي: ${when}`,
    tutorRateTitle: "هتكسب كام؟",
    tutorRate: (rate: string) => `${rate} في الساعة عن كل حصة مكتملة`,
    tutorRateExample: (minutes: string, amount: string) => `يعني حصة ${minutes} = ${amount}`,
  },

  tutors: {
    search: "ابحث",
    searchLabel: "ابحث باسم المدرّس",
    day: "يوم فاضي فيه",
    anyDay: "أي يوم",
  },

  schedule: {
    booked: "حصة محجوزة",
  },
};
