import { useCallback, useEffect, useRef, useState } from "react";
import type { SessionPresence } from "@schema/events";
import type { ChannelStatus } from "../../lib/realtime";
import { useAppConfig } from "../config/use-app-config";
import { PeerCall, type PeerCallState } from "./peer-call";
import { applyPresence, iceServersOf } from "./presence";
import { openSessionChannel, type FinalClose, type SessionChannel } from "./session-channel";

export type MediaFlags = { camera: boolean; mic: boolean; sharing: boolean };

/**
 * The session room for one page: presence on the ready screen, then the call (JoinSession and the
 * peer-to-peer connection). A reconnect while in the call enters it again, which renegotiates.
 */
export function useLiveSession(sessionId: string, selfId: number, token: string | null, enabled: boolean) {
  const config = useAppConfig();
  const iceServers = useRef<RTCIceServer[]>([]);
  iceServers.current = iceServersOf(config.data);

  const [status, setStatus] = useState<ChannelStatus>("connecting");
  const [final, setFinal] = useState<FinalClose | null>(null);
  const [members, setMembers] = useState<SessionPresence[]>([]);
  const [inCall, setInCall] = useState(false);
  const [peerState, setPeerState] = useState<PeerCallState>("idle");
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [joining, setJoining] = useState(false);

  const channel = useRef<SessionChannel | null>(null);
  const flags = useRef<MediaFlags>({ camera: false, mic: false, sharing: false });
  const inCallRef = useRef(false);
  const callRef = useRef<PeerCall | null>(null);

  if (!callRef.current) {
    callRef.current = new PeerCall({
      selfId,
      send: (frame) => channel.current?.send(frame),
      createPeer: () => new RTCPeerConnection({ iceServers: iceServers.current }),
      onRemoteStream: setRemoteStream,
      onState: setPeerState,
      streamOf: (track) => (typeof MediaStream === "undefined" ? null : new MediaStream([track])),
    });
  }
  const call = callRef.current;

  const enter = useCallback(async () => {
    const room = channel.current;
    if (!room) return;
    const { camera, mic } = flags.current;
    const ack = await room.request({ type: "JoinSession", payload: { camera, mic } });
    if (ack.result !== "ok") throw new Error(ack.code ?? ack.result);
    inCallRef.current = true;
    setInCall(true);
    if (ack.session) setMembers(ack.session.members);
    const other = ack.session?.members.find((member) => member.userId !== selfId);
    call.reopen();
    call.joined(Boolean(other?.inCall));
    if (flags.current.sharing) room.send({ type: "UserSharingScreen", payload: { sharing: true } });
  }, [call, selfId]);

  useEffect(() => {
    if (!enabled || !token) return;
    const room = openSessionChannel(sessionId, token);
    channel.current = room;
    const offEvent = room.onEvent((event) => {
      setMembers((current) => applyPresence(current, event));
      void call.handle(event).catch((error: unknown) => console.warn("[session-room] signalling failed", error));
    });
    const offOpen = room.onOpen(() => {
      if (inCallRef.current) void enter().catch(() => undefined);
      else
        void room
          .request({ type: "PreJoinSession", payload: {} })
          .then((ack) => ack.session && setMembers(ack.session.members))
          .catch(() => undefined);
    });
    const offStatus = room.onStatus(setStatus);
    const offFinal = room.onFinal((reason) => {
      setFinal(reason);
      call.close();
      inCallRef.current = false;
      setInCall(false);
    });
    return () => {
      offEvent();
      offOpen();
      offStatus();
      offFinal();
      if (inCallRef.current) room.send({ type: "LeaveSession", payload: {} });
      call.close();
      inCallRef.current = false;
      room.close();
      channel.current = null;
    };
  }, [call, enabled, enter, sessionId, token]);

  const join = useCallback(
    async (stream: MediaStream | null, media: MediaFlags) => {
      flags.current = media;
      call.setLocalStream(stream);
      setJoining(true);
      try {
        await enter();
      } finally {
        setJoining(false);
      }
    },
    [call, enter],
  );

  const leave = useCallback(() => {
    channel.current?.send({ type: "LeaveSession", payload: {} });
    call.close();
    inCallRef.current = false;
    setInCall(false);
    setRemoteStream(null);
  }, [call]);

  const setMic = useCallback((enabled: boolean) => {
    flags.current = { ...flags.current, mic: enabled };
    channel.current?.send({ type: "ToggleMic", payload: { enabled } });
  }, []);

  const setCamera = useCallback((enabled: boolean) => {
    flags.current = { ...flags.current, camera: enabled };
    channel.current?.send({ type: "ToggleCamera", payload: { enabled } });
  }, []);

  const setSharing = useCallback(
    async (track: MediaStreamTrack | null, cameraTrack: MediaStreamTrack | null) => {
      const sharing = track !== null;
      flags.current = { ...flags.current, sharing };
      await call.replaceVideo(track ?? cameraTrack);
      channel.current?.send({ type: "UserSharingScreen", payload: { sharing } });
    },
    [call],
  );

  return { status, final, members, inCall, joining, peerState, remoteStream, join, leave, setMic, setCamera, setSharing };
}
