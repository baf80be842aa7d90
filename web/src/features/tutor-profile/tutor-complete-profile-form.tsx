import { useRef, useState, type FormEvent } from "react";
import type { TutorMeta, UserView } from "@schema/api/user";
import type { MessagingApp } from "@schema/enums";
import { bounds } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arProfile } from "../../i18n/ar-EG-profile";
import { arAuth } from "../../i18n/ar-EG-auth";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { TextArea } from "../onboarding/text-area";
import { ProfileFields } from "../user/profile-fields";
import { CodeForm } from "../verification/code-form";
import { useSendPhoneCode, useVerifyPhone } from "../verification/use-verification";
import {
  phoneNeedsVerifying,
  tutorCompleteProfileSchema,
  tutorCompleteProfileValues,
  type TutorCompleteProfileValues,
} from "./complete-profile-rules";
import { useCompleteTutorProfile } from "./use-complete-tutor-profile";

const t = arTutorJourney.tutorComplete;
/** Server codes that belong to one field of this form though they come without `fields`. */
const codeToField: Partial<Record<string, keyof TutorCompleteProfileValues>> = {
  "invalid-phone": "phone",
  "unresolved-phone": "phone",
  "phone-already-verified": "phone",
  "invalid-tutor-name": "name",
  "empty-bio": "bio",
  "short-bio": "bio",
  "long-bio": "bio",
  "invalid-bio": "bio",
  "short-tutor-about": "about",
  "long-tutor-about": "about",
  "invalid-tutor-about": "about",
  "old-user": "birthYear",
  "young-user": "birthYear",
};

type PhoneRequest = { phone: string; method: MessagingApp };
type FormProps = { user: UserView; meta: TutorMeta | null; onDone: () => void };

/**
 * The tutor's first profile: the account fields (PUT /user/{id}), bio and about (PUT
 * /user/tutor/profile), then the phone's 5-digit code when the number is new or changed.
 */
export function TutorCompleteProfileForm({ user, meta, onDone }: FormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<TutorCompleteProfileValues>(tutorCompleteProfileValues(user, meta));
  const save = useCompleteTutorProfile(user.id);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sent, setSent] = useState<PhoneRequest | null>(null);

  function showFailure(error: unknown) {
    form.showServerError(error, codeToField);
    focusFirstInvalidField(formRef.current);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(tutorCompleteProfileSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    const { bio, about, phone, ...account } = checked.data;
    save.mutate(
      { account, profile: { bio, about } },
      {
        onError: showFailure,
        onSuccess: () => {
          toasts.show({ id: "profile-saved", type: "success", title: arProfile.profile.saved });
          if (!phoneNeedsVerifying(user, phone)) return onDone();
          const request = { phone, method: account.notificationMethod };
          sendCode.mutate(request, { onSuccess: () => setSent(request), onError: showFailure });
        },
      },
    );
  }

  function resend() {
    if (!sent) return;
    sendCode.mutate(sent, {
      onSuccess: () => toasts.show({ id: "phone-code", type: "success", title: arAuth.verification.resent }),
      onError: (error) =>
        toasts.show({ id: "phone-code", type: "error", title: errorMessage(errorCodeOf(error)) }),
    });
  }

  const bioLength = formatNumber(form.values.bio.trim().length);
  const aboutLength = formatNumber(form.values.about.trim().length);
  const bio = (
    <TextField
      label={arTutorJourney.tutorProfile.bio}
      name="bio"
      required
      maxLength={bounds.bio.max + 20}
      hint={`${arTutorJourney.tutorProfile.bioHint} ${arTutorJourney.tutorProfile.characters(bioLength, formatNumber(bounds.bio.max))}`}
      value={form.values.bio}
      onChange={(event) => form.setField("bio", event.target.value)}
      error={form.messageFor("bio")}
    />
  );
  const about = (
    <TextArea
      label={arTutorJourney.tutorProfile.about}
      name="about"
      rows={6}
      required
      hint={`${arTutorJourney.tutorProfile.aboutHint} ${arTutorJourney.tutorProfile.characters(aboutLength, formatNumber(bounds.about.max))}`}
      value={form.values.about}
      onChange={(event) => form.setField("about", event.target.value)}
      error={form.messageFor("about")}
    />
  );
  const phone = (
    <TextField
      label={ar.fields.phone}
      type="tel"
      name="phone"
      autoComplete="tel-national"
      inputMode="tel"
      placeholder="01xxxxxxxxx"
      required
      hint={user.verifiedPhone ? ar.fields.phoneHint : `${ar.fields.phoneHint}. ${t.phoneCodeHint}`}
      value={form.values.phone}
      onChange={(event) => form.setField("phone", event.target.value)}
      error={form.messageFor("phone")}
    />
  );
  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
        <ProfileFields
          form={form}
          fields={["name", bio, about, "gender", "birthYear", "city", phone, "notificationMethod"]}
          name={{ label: arTutorJourney.tutorProfile.name, hint: arTutorJourney.tutorProfile.nameHint }}
        />
        <Button
          type="submit"
          size="lg"
          loading={save.isPending || sendCode.isPending}
          className="sm:self-start"
        >
          {t.submit}
        </Button>
      </form>
      <Dialog open={sent !== null} onClose={() => setSent(null)} title={arAuth.verification.phoneDialogTitle}>
        {sent && (
          <CodeForm
            sentTo={sent.phone}
            pending={verify.isPending}
            resending={sendCode.isPending}
            onResend={resend}
            onSubmit={(code, showError) =>
              verify.mutate(
                { code, method: sent.method, phone: sent.phone },
                {
                  onSuccess: () => {
                    toasts.show({
                      id: "phone-verified",
                      type: "success",
                      title: arAuth.verification.phoneVerified,
                    });
                    setSent(null);
                    onDone();
                  },
                  onError: showError,
                },
              )
            }
          />
        )}
      </Dialog>
    </>
  );
}
