import { errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { Button, buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { useTelegramLink } from "./use-verification";

/** Shown when Telegram is chosen: asks for the deep link, then offers it to open the bot. */
export function TelegramLinkNotice() {
  const link = useTelegramLink();
  return (
    <Notice tone="info" className="flex flex-col items-start gap-2">
      <p>{arAuth.telegramLink.intro}</p>
      {link.data ? (
        <>
          <a
            href={link.data.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm")}
          >
            {arAuth.telegramLink.open}
          </a>
          <p className="text-xs">{arAuth.telegramLink.expires}</p>
        </>
      ) : (
        <Button variant="secondary" size="sm" loading={link.isPending} onClick={() => link.mutate()}>
          {arAuth.telegramLink.getLink}
        </Button>
      )}
      {link.error && <p role="alert">{errorMessage(errorCodeOf(link.error))}</p>}
    </Notice>
  );
}
