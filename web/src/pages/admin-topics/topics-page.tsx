import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import type { TopicView } from "@schema/api/topic";
import { topicArNameRule, topicEnNameRule } from "@schema/rules";
import { AdminFormDialog } from "../../features/admin-area/admin-form-dialog";
import {
  ConfirmDeleteDialog,
  Pagination,
  QueryState,
  useDebounced,
  adminPageSize,
} from "../../features/admin-area/admin-ui";
import { useAdminTopicsQuery, useDeleteTopic, useSaveTopic } from "../../features/admin-area/topics";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { requiredText, useFormState } from "../../lib/form";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.topics;
const c = arAdmin.adminArea.common;

const topicSchema = z.object({
  nameAr: requiredText(topicArNameRule),
  nameEn: requiredText(topicEnNameRule),
});

type Editing = { topic: TopicView | null } | null;

function TopicDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const save = useSaveTopic();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ nameAr: "", nameEn: "" });
  const [openedFor, setOpenedFor] = useState<Editing>(null);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    form.setValues({ nameAr: editing?.topic?.nameAr ?? "", nameEn: editing?.topic?.nameEn ?? "" });
    form.setErrors({});
    form.setFormError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(topicSchema, formRef.current);
    if (!body) return;
    save.mutate(
      { id: editing?.topic?.id ?? null, body },
      {
        onSuccess: () => {
          toasts.show({ id: "topic-saved", type: "success", title: editing?.topic ? c.saved : c.created });
          onClose();
        },
        onError: (error) => form.showServerError(error, { "topic-exists": "nameEn" }),
      },
    );
  }

  return (
    <AdminFormDialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.topic ? t.editTitle : t.createTitle}
      formRef={formRef}
      onSubmit={submit}
      error={form.formError}
      pending={save.isPending}
    >
      <TextField label={t.nameAr} required {...form.bind("nameAr")} />
      <TextField label={t.nameEn} required ltr {...form.bind("nameEn")} />
    </AdminFormDialog>
  );
}

/** /admin/topics — the topics tutors pick and students filter by: search, add, rename, delete. */
export function AdminTopicsPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const topics = useAdminTopicsQuery(useDebounced(search), page);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TopicView | null>(null);
  const remove = useDeleteTopic();
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <div>
        <Button onClick={() => setEditing({ topic: null })}>{t.add}</Button>
      </div>
      <Card>
        <div role="search" className="mb-4 max-w-sm">
          <TextField
            type="search"
            label={t.searchLabel}
            value={search}
            maxLength={50}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <QueryState query={topics} isEmpty={(data) => data.list.length === 0} empty={t.empty}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {data.list.map((topic) => (
                  <li key={topic.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="flex flex-col">
                      <span className="font-medium text-slate-900">{topic.nameAr}</span>
                      <span dir="ltr" className="text-start text-sm text-slate-700">
                        {topic.nameEn}
                      </span>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing({ topic })}
                        aria-label={`${c.edit} ${topic.nameAr}`}
                      >
                        {c.edit}
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => setDeleting(topic)}
                        aria-label={`${c.delete} ${topic.nameAr}`}
                      >
                        {c.delete}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={page} total={data.total} size={adminPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
      <TopicDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        target={deleting}
        title={t.deleteTitle}
        body={(topic) => t.deleteBody(topic.nameAr)}
        removal={remove}
        toastId="topic-deleted"
        onClose={() => setDeleting(null)}
      />
    </PageFrame>
  );
}
