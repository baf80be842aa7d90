import { useRef, type FormEvent } from "react";
import { platformLinksBody, type PlatformSettingsView } from "@schema/api/platform-settings";
import { Role } from "@schema/enums";
import { Fact, QueryState } from "../../features/admin-area/admin-ui";
import { usePlatformSettingsQuery, useSavePlatformLinks } from "../../features/admin-area/platform-settings";
import { errorMessage } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { useFormState } from "../../lib/form";
import { formatDateTime } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.settings;

const keys = ["notificationsChannel", "tutorsGroup"] as const;

function LinksForm({ view }: { view: PlatformSettingsView }) {
  const save = useSavePlatformLinks();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({
    notificationsChannel: view.links.notificationsChannel ?? "",
    tutorsGroup: view.links.tutorsGroup ?? "",
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rule (an https WhatsApp or Telegram link; empty unsets it).
    const body = form.check(platformLinksBody, formRef.current);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => toasts.show({ id: "links-saved", type: "success", title: t.savedLinks }),
      onError: (error) => form.showServerError(error),
    });
  }
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t.links}>
      <div className="grid grid-cols-1 gap-3">
        {keys.map((key) => (
          <TextField key={key} label={t[key]} type="url" inputMode="url" {...form.bind(key)} />
        ))}
      </div>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <div>
        <Button type="submit" loading={save.isPending}>
          {t.saveLinks}
        </Button>
      </div>
    </form>
  );
}

/** The public messaging links: a SuperAdmin changes them, a RegularAdmin reads them. */
export function PlatformLinksCard() {
  const settings = usePlatformSettingsQuery();
  const superAdmin = useSession().user?.role === Role.SuperAdmin;
  return (
    <Card title={t.links}>
      <p className="mb-4 text-slate-700">{t.linksBody}</p>
      <QueryState query={settings}>
        {(view) => (
          <div className="flex flex-col gap-4">
            {view.links.updatedAt && (
              <p className="text-sm text-slate-600">{t.lastChanged(formatDateTime(view.links.updatedAt))}</p>
            )}
            {superAdmin ? (
              <LinksForm view={view} />
            ) : (
              <>
                <dl className="grid grid-cols-1 gap-3">
                  {keys.map((key) => (
                    <Fact key={key} label={t[key]}>
                      {view.links[key] ? (
                        <a
                          href={view.links[key]}
                          target="_blank"
                          rel="noreferrer"
                          dir="ltr"
                          className="break-all text-brand-800 underline underline-offset-4"
                        >
                          {view.links[key]}
                        </a>
                      ) : (
                        t.unset
                      )}
                    </Fact>
                  ))}
                </dl>
                <Notice>{arAdmin.adminArea.common.readOnly}</Notice>
              </>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
