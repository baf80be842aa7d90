import { useState } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { Button, buttonClasses } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { useCalendarFeedQuery, useRotateCalendarFeed } from "./use-lessons";

const t = arLessons.lessonsSchedule.feed;

/** The button that opens the personal calendar feed dialog. */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      {open && <CalendarFeedDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The secret feed URL: copy it, open it in a calendar app (webcal:), or replace it. */
export function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeedQuery(true);
  const rotate = useRotateCalendarFeed();
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      toasts.show({ id: "calendar-feed-copied", type: "success", title: t.copied });
    } catch {
      // Clipboard refused (permissions, insecure origin): the field stays there to copy by hand.
      setCopyFailed(true);
    }
  }

  return (
    <Dialog open onClose={onClose} title={t.title} description={t.description} className="sm:max-w-lg">
      {feed.isPending ? (
        <Spinner />
      ) : feed.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(feed.error))}</Notice>
      ) : (
        <div className="flex flex-col gap-4">
          <TextField
            label={t.urlLabel}
            value={feed.data.url}
            readOnly
            ltr
            onFocus={(event) => event.currentTarget.select()}
          />
          {copyFailed && <Notice tone="warning">{t.copyFailed}</Notice>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy(feed.data.url)}>{t.copy}</Button>
            <a href={feed.data.webcalUrl} className={buttonClasses("secondary")}>
              {t.subscribe}
            </a>
          </div>
          <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-4">
            <p className="text-sm text-slate-700">{t.rotateNote}</p>
            {rotate.isError && <Notice tone="error">{errorMessage(errorCodeOf(rotate.error))}</Notice>}
            <Button
              variant="ghost"
              size="sm"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: () =>
                    toasts.show({ id: "calendar-feed-rotated", type: "success", title: t.rotated }),
                })
              }
            >
              {t.rotate}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
