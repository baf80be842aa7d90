import { useRef, useState, type FormEvent } from "react";
import type { ContactRequestKind } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
import { support } from "../../i18n/ar-EG-support";
import { isApiError } from "../../lib/api-error";
import { useFormState } from "../../lib/form";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { TextField } from "../../ui/text-field";
import { TextArea } from "../onboarding/text-area";
import { contactFormSchema, type ContactFormValues } from "./contact-rules";
import { useSendContactRequest } from "./use-contact";
import { useTurnstile } from "../turnstile/turnstile";

const t = support.contact;

/** The /contact form; a signed-in user's name and email are filled in. */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { user } = useSession();
  const form = useFormState<ContactFormValues>({
    name: user?.name ?? "",
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    title: "",
    message: "",
  });
  const [kind, setKind] = useState<ContactRequestKind>("general");
  const send = useSendContactRequest();
  const human = useTurnstile();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.check(contactFormSchema, formRef.current);
    if (!body) return;
    send.mutate(
      { ...body, kind, turnstileToken: human.token },
      { onError: (error) => form.showServerError(error), onSettled: human.reset },
    );
  }

  if (send.isSuccess)
    return (
      <Notice tone="success">
        <p className="font-bold">{t.sentTitle}</p>
        <p>{t.sent}</p>
      </Notice>
    );

  const rateLimited = isApiError(send.error) && send.error.code === "too-many-requests";
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t.formTitle}>
      <TextField label={t.nameLabel} required autoComplete="name" maxLength={30} {...form.bind("name")} />
      <p className="text-sm text-slate-700">{t.replyHint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.emailLabel} type="email" autoComplete="email" {...form.bind("email")} />
        <TextField
          label={t.phoneLabel}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...form.bind("phone")}
        />
      </div>
      <RadioGroup
        legend={t.kindLegend}
        name="kind"
        value={kind}
        onChange={(value) => setKind(value as ContactRequestKind)}
        options={[
          { value: "general", label: t.kinds.general },
          { value: "data-rights", label: t.kinds["data-rights"], hint: t.dataRightsHint },
        ]}
      />
      <TextField label={t.titleLabel} hint={t.titleHint} required maxLength={128} {...form.bind("title")} />
      <TextArea
        label={t.messageLabel}
        hint={t.messageHint}
        required
        maxLength={1000}
        rows={6}
        {...form.bind("message")}
      />
      {human.element}
      {rateLimited ? (
        <Notice tone="warning">{t.rateLimited}</Notice>
      ) : (
        form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>
      )}
      <Button type="submit" size="lg" className="self-start" loading={send.isPending}>
        {t.send}
      </Button>
    </form>
  );
}
