import { useRef, type FormEvent } from "react";
import { z } from "zod";
import { Role } from "@schema/enums";
import { emailRule, passwordRule, userNameRule } from "@schema/rules";
import { grantableStaffRoles } from "@schema/staff-rights";
import { AdminFormDialog } from "../../features/admin-area/admin-form-dialog";
import { staffRoles } from "../../features/admin-area/admin-logic";
import { useCreateStaff } from "../../features/admin-area/users";
import { ar } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { requiredText, useFormState } from "../../lib/form";
import { useSession } from "../../lib/session";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.users;

const staffSchema = z.object({
  name: requiredText(userNameRule),
  email: requiredText(emailRule),
  password: z.string({ error: "required" }).min(1, "required").pipe(passwordRule),
  role: z.coerce.number({ error: "required" }).pipe(
    z.union(staffRoles.map((role) => z.literal(role)) as [z.ZodLiteral<Role>, ...z.ZodLiteral<Role>[]], {
      error: "required",
    }),
  ),
});

/** POST /user/ by an admin: a staff account (admin, tutor manager or studio). Only a SuperAdmin offers the admin roles. */
export function CreateStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateStaff();
  const formRef = useRef<HTMLFormElement>(null);
  const callerRole = useSession().user?.role;
  const form = useFormState({ name: "", email: "", password: "", role: String(Role.TutorManager) });
  const grantable = callerRole === undefined ? [] : grantableStaffRoles(callerRole);
  const roles = staffRoles.filter((role) => grantable.includes(role));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(staffSchema, formRef.current);
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ user }) => {
        toasts.show({ id: "staff-created", type: "success", title: t.createdStaff(user.email) });
        form.setValues({ name: "", email: "", password: "", role: String(Role.TutorManager) });
        onClose();
      },
      onError: (error) => form.showServerError(error, { "user-exists": "email" }),
    });
  }

  return (
    <AdminFormDialog
      open={open}
      onClose={onClose}
      title={t.createTitle}
      description={t.createIntro}
      formRef={formRef}
      onSubmit={submit}
      error={form.formError}
      pending={create.isPending}
      submitLabel={t.createSubmit}
    >
      <TextField label={t.name} required autoComplete="off" {...form.bind("name")} />
      <TextField label={t.email} type="email" required autoComplete="off" {...form.bind("email")} />
      <TextField
        label={t.password}
        type="password"
        required
        autoComplete="new-password"
        {...form.bind("password")}
      />
      <Select
        label={t.role}
        required
        options={roles.map((role) => ({ value: String(role), label: ar.roles[role] }))}
        {...form.bind("role")}
      />
    </AdminFormDialog>
  );
}
