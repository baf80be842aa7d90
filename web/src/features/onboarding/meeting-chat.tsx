import { arLessons } from "../../i18n/ar-EG-lessons";
import { StartChat } from "../chat/start-chat";

type Member = { id: number; name: string | null };

/**
 * The pair's chat from an interview or demo-session page (docs/rules.md, Chat: a tutor and
 * their tutor manager may talk): the tutor writes to the manager, the manager to the tutor;
 * nobody else sees the button.
 */
export function MeetingChat({
  selfId,
  tutor,
  manager,
}: {
  selfId: number | undefined;
  tutor: Member;
  manager: Member;
}) {
  if (selfId === tutor.id)
    return (
      <StartChat
        otherId={manager.id}
        otherName={manager.name ?? ""}
        label={arLessons.chatStart.messageManager}
        className="self-start"
      />
    );
  if (selfId === manager.id)
    return <StartChat otherId={tutor.id} otherName={tutor.name ?? ""} className="self-start" />;
  return null;
}
