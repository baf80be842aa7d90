import { useRef, type FormEvent } from "react";
import { z } from "zod";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { useFormState } from "../../lib/form";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { AdminFormDialog } from "./admin-form-dialog";
import { endOfCairoDay, wholeNumber } from "./admin-logic";
import { useCreateInvite } from "./invites";
import { useAdminPlansQuery } from "./plans";

const t = arAdmin.adminArea.coupons;
const c = arAdmin.adminArea.common;

const inviteSchema = z.object({
  userId: z.string().transform((text, ctx) => {
    const value = wholeNumber(text);
    if (!(value > 0)) ctx.addIssue({ code: "custom", message: "user-not-found" });
    return value;
  }),
  planId: z.string().min(1, "plan-not-found").transform(Number),
  expiresAt: z.string().min(1, "bad-request").transform(endOfCairoDay),
  note: z
    .string()
    .max(500, "bad-request")
    .transform((text) => text.trim() || undefined),
});

/** POST /invite: offers a plan (hidden or invite-only too) to one user until a day. */
export function InviteDialog({
  open,
  onClose,
  userId,
}: {
  open: boolean;
  onClose: () => void;
  userId?: number;
}) {
  const create = useCreateInvite();
  const plans = useAdminPlansQuery();
  const formRef = useRef<HTMLFormElement>(null);
  const blank = { userId: userId ? String(userId) : "", planId: "", expiresAt: "", note: "" };
  const form = useFormState(blank);
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(inviteSchema, formRef.current);
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        toasts.show({ id: "invite-created", type: "success", title: c.created });
        form.setValues(blank);
        onClose();
      },
      onError: (error) =>
        form.showServerError(error, { "user-not-found": "userId", "plan-not-found": "planId" }),
    });
  }
  return (
    <AdminFormDialog
      open={open}
      onClose={onClose}
      title={t.createInviteTitle}
      formRef={formRef}
      onSubmit={submit}
      error={form.formError}
      pending={create.isPending}
    >
      <TextField
        label={t.userId}
        hint={t.userIdHint}
        required
        ltr
        inputMode="numeric"
        readOnly={userId !== undefined}
        {...form.bind("userId")}
      />
      <Select
        label={t.plan}
        required
        placeholder="—"
        options={(plans.data?.list ?? []).map((plan) => ({
          value: String(plan.id),
          label: arAdmin.adminArea.plans.weekly(plan.weeklyMinutes),
        }))}
        {...form.bind("planId")}
      />
      <TextField label={t.expiresAt} required type="date" ltr {...form.bind("expiresAt")} />
      <TextField label={t.note} maxLength={500} {...form.bind("note")} />
    </AdminFormDialog>
  );
}
