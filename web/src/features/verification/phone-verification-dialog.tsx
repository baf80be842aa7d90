import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import type { UserView } from "@schema/api/user";
import { MessagingApp } from "@schema/enums";
import { phoneRule } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { requiredText, useFormState } from "../../lib/form";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { CodeForm } from "./code-form";
import { TelegramLinkNotice } from "./telegram-link";
import { useSendPhoneCode, useVerifyPhone } from "./use-verification";

const phoneFormSchema = z.object({
  phone: requiredText(phoneRule),
  method: z
    .enum([String(MessagingApp.Whatsapp), String(MessagingApp.Telegram)], { error: "required" })
    .transform(Number),
});

const methodOptions = Object.values(MessagingApp).map((app) => ({
  value: String(app),
  label: ar.messagingApps[app],
}));

type PhoneRequest = { phone: string; method: MessagingApp };
type DialogProps = { user: UserView; open: boolean; onClose: () => void };

/** docs/product.md §4: the phone is verified with a 5-digit code sent on WhatsApp or Telegram. */
export function PhoneVerificationDialog({ user, open, onClose }: DialogProps) {
  const [sent, setSent] = useState<PhoneRequest | null>(null);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();

  function close() {
    setSent(null);
    onClose();
  }

  function resend() {
    if (!sent) return;
    sendCode.mutate(sent, {
      onSuccess: () => toasts.show({ id: "phone-code", type: "success", title: arAuth.verification.resent }),
      onError: (error) =>
        toasts.show({ id: "phone-code", type: "error", title: errorMessage(errorCodeOf(error)) }),
    });
  }

  return (
    <Dialog open={open} onClose={close} title={arAuth.verification.phoneDialogTitle}>
      {sent ? (
        <CodeForm
          sentTo={sent.phone}
          pending={verify.isPending}
          resending={sendCode.isPending}
          onResend={resend}
          extraActions={
            <Button variant="ghost" size="sm" onClick={() => setSent(null)}>
              {arAuth.verification.changeNumber}
            </Button>
          }
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
                  close();
                },
                onError: showError,
              },
            )
          }
        />
      ) : (
        <PhoneStep
          initial={{ phone: user.phone ?? "", method: String(user.notificationMethod ?? "") }}
          pending={sendCode.isPending}
          onSend={(request, showError) =>
            sendCode.mutate(request, { onSuccess: () => setSent(request), onError: showError })
          }
        />
      )}
    </Dialog>
  );
}

type PhoneStepProps = {
  initial: { phone: string; method: string };
  pending: boolean;
  onSend: (request: PhoneRequest, showError: (error: unknown) => void) => void;
};

function PhoneStep({ initial, pending, onSend }: PhoneStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState(initial);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.check(phoneFormSchema, formRef.current);
    if (!values) return;
    onSend({ phone: values.phone, method: values.method as MessagingApp }, (error) =>
      form.showServerError(error, {
        "invalid-phone": "phone",
        "unresolved-phone": "phone",
        "phone-already-verified": "phone",
      }),
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{arAuth.verification.phoneDialogIntro}</p>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={ar.fields.phone}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder="01xxxxxxxxx"
        required
        hint={ar.fields.phoneHint}
        {...form.bind("phone")}
      />
      <RadioGroup
        legend={ar.fields.notificationMethod}
        name="method"
        required
        options={methodOptions}
        value={form.values.method}
        onChange={(value) => form.setField("method", value)}
        error={form.messageFor("method")}
      />
      {form.values.method === String(MessagingApp.Telegram) && <TelegramLinkNotice />}
      <Button type="submit" loading={pending}>
        {arAuth.verification.sendCode}
      </Button>
    </form>
  );
}
