import type { ServerEvent, SessionPresence } from "@schema/events";

/** The members as the room reported them, kept current by its events. */
export function applyPresence(members: SessionPresence[], event: ServerEvent): SessionPresence[] {
  const change = (userId: number, patch: Partial<SessionPresence>) => {
    const known = members.some((member) => member.userId === userId);
    const base: SessionPresence = {
      userId,
      online: false,
      inCall: false,
      camera: false,
      mic: false,
      sharing: false,
    };
    return known
      ? members.map((member) => (member.userId === userId ? { ...member, ...patch } : member))
      : [...members, { ...base, ...patch }];
  };
  switch (event.type) {
    case "SessionMemberJoined":
      return change(event.payload.userId, { online: true });
    case "SessionMemberLeft":
      return change(event.payload.userId, { online: false, inCall: false, sharing: false });
    case "UserJoinedSession":
      return change(event.payload.userId, {
        online: true,
        inCall: true,
        camera: event.payload.camera,
        mic: event.payload.mic,
      });
    case "UserLeftSession":
      return change(event.payload.userId, { inCall: false, sharing: false });
    case "CameraToggled":
      return change(event.payload.userId, { camera: event.payload.enabled });
    case "MicToggled":
      return change(event.payload.userId, { mic: event.payload.enabled });
    case "UserSharedScreen":
      return change(event.payload.userId, { sharing: event.payload.sharing });
    default:
      return members;
  }
}

/** The chosen camera, microphone and speaker, remembered between visits. */
export type DevicePrefs = { camera: string; mic: string; speaker: string };
export const devicePrefsKey = "dars.live-session.devices";
const noPrefs: DevicePrefs = { camera: "", mic: "", speaker: "" };

export function readDevicePrefs(storage: Pick<Storage, "getItem"> = localStorage): DevicePrefs {
  try {
    const stored = JSON.parse(storage.getItem(devicePrefsKey) ?? "null") as Partial<
      Record<keyof DevicePrefs, unknown>
    > | null;
    if (!stored || typeof stored !== "object") return noPrefs;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    return { camera: text(stored.camera), mic: text(stored.mic), speaker: text(stored.speaker) };
  } catch {
    return noPrefs;
  }
}

export function writeDevicePrefs(prefs: DevicePrefs, storage: Pick<Storage, "setItem"> = localStorage): void {
  try {
    storage.setItem(devicePrefsKey, JSON.stringify(prefs));
  } catch {
    // Private mode or a full storage: the choice is simply not remembered.
  }
}

/** getUserMedia constraints for the chosen devices (the default one when none or gone). */
export function mediaConstraints(prefs: Pick<DevicePrefs, "camera" | "mic">): MediaStreamConstraints {
  return {
    video: prefs.camera ? { deviceId: { exact: prefs.camera } } : true,
    audio: prefs.mic ? { deviceId: { exact: prefs.mic } } : true,
  };
}

/** The ICE servers of the session's media (GET /session/{id}: members only; none on loopback). */
export function iceServersOf(config: unknown): RTCIceServer[] {
  const list =
    typeof config === "object" && config !== null
      ? (config as { iceServers?: unknown }).iceServers
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (server): server is RTCIceServer =>
      typeof server === "object" &&
      server !== null &&
      (typeof (server as RTCIceServer).urls === "string" || Array.isArray((server as RTCIceServer).urls)),
  );
}
