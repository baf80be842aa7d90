import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Role } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { useIsSignedIn, useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { EmailVerificationDialog } from "../verification/email-verification-dialog";
import { chatRoles } from "./chat-roles";
import { chatRoomPath, useRoomWith, useStartChat } from "./use-start-chat";

const t = arLessons.chatStart;
// Loaded when the dialog opens: the composer brings the message sanitiser, which a tutor's page does not need before.
const Composer = lazy(async () => ({ default: (await import("./composer")).Composer }));

type StartChatProps = {
  /** The user to talk with and their name as shown. */
  otherId: number;
  otherName: string;
  /** The button's text (defaults to «مراسلة المدرّس»). */
  label?: string;
  className?: string;
};

/**
 * docs/rules.md, Chat: opens the caller's room with this user, or starts one with a first
 * message (POST /chat/new) and opens it in /chat. A student without a verified email is told so
 * and offered the verification. The server decides who may talk to whom; callers show this only
 * where the rules allow it.
 */
export function StartChat({ otherId, otherName, label = t.messageTutor, className }: StartChatProps) {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const userId = user?.id ?? null;
  const chats = signedIn && user !== null && chatRoles.includes(user.role) && user.id !== otherId;
  const existing = useRoomWith(userId, otherId, chats);
  const start = useStartChat(userId ?? 0);
  const [writing, setWriting] = useState(false);
  const [needsVerification, setNeedsVerification] = useState(false);
  const [verifying, setVerifying] = useState(false);

  if (!signedIn || !user) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login?next=${encodeURIComponent(next)}`}
        className={buttonClasses("secondary", "md", className)}
      >
        {t.signInToMessage}
      </Link>
    );
  }
  if (!chats) return null;

  if (existing.data)
    return (
      <Link to={chatRoomPath(existing.data.id)} className={buttonClasses("secondary", "md", className)}>
        {t.openChat}
      </Link>
    );

  function begin() {
    if (user?.role === Role.Student && !user.verifiedEmail) setNeedsVerification(true);
    else setWriting(true);
  }

  async function send(message: string): Promise<boolean> {
    try {
      const room = await start.mutateAsync({ userId: otherId, message });
      setWriting(false);
      void navigate(chatRoomPath(room.id));
      return true;
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "email-not-verified") {
        setWriting(false);
        setNeedsVerification(true);
      } else if (code !== "forbidden") {
        // 403 already has its "not allowed" toast (lib/api.ts).
        toasts.show({ id: "chat-start", type: "error", title: t.failed, description: errorMessage(code) });
      }
      return false;
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        className={className}
        loading={existing.isPending && existing.fetchStatus !== "idle"}
        onClick={begin}
      >
        {label}
      </Button>
      {needsVerification && (
        <Notice tone="warning">
          <p>{t.verifyFirst}</p>
          <Button size="sm" className="mt-2" onClick={() => setVerifying(true)}>
            {t.verifyEmail}
          </Button>
        </Notice>
      )}
      <EmailVerificationDialog
        user={user}
        open={verifying}
        onClose={() => {
          setVerifying(false);
          setNeedsVerification(false);
        }}
      />
      <Dialog open={writing} onClose={() => setWriting(false)} title={t.dialogTitle(otherName)}>
        <Suspense fallback={<Spinner size="sm" />}>
          <Composer onSend={send} label={t.firstMessageLabel} submitLabel={t.send} autoFocus />
        </Suspense>
      </Dialog>
    </div>
  );
}
