import { useCallback, useEffect, useRef, useState } from "react";
import { sessionContracts, type SessionMedia } from "@schema/api/session";
import type { SessionPresence } from "@schema/events";
import {
  openSessionChannel,
  type ChannelStatus,
  type FinalClose,
  type SessionChannel,
} from "../../lib/realtime";
import { LiveKitCall, loadLiveKit } from "./livekit-call";
import { PeerCall, type PeerCallState } from "./peer-call";
import { applyPresence, iceServersOf } from "./presence";
import { track } from "../../lib/track";
import { call as callApi } from "../../lib/client";

export type MediaFlags = { camera: boolean; mic: boolean; sharing: boolean };

/**
 * The session room for one page: presence on the ready screen, then the call (JoinSession and the
 * media). The media go peer to peer with the session's ICE servers, or through LiveKit when the
 * Worker has it configured (`media.liveKit`; livekit-client is loaded only then). Presence, the
 * mic/camera toggles and the screen-share flag go through the session room either way. A reconnect
 * while in the call enters it again, which renegotiates.
 */
export function useLiveSession(
  sessionId: string,
  selfId: number,
  token: string | null,
  enabled: boolean,
  media: SessionMedia,
) {
  const iceServers = useRef<RTCIceServer[]>([]);
  iceServers.current = iceServersOf(media);
  const viaLiveKit = media.liveKit;

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
  const liveKitRef = useRef<LiveKitCall | null>(null);
  const localStream = useRef<MediaStream | null>(null);

  /** The LiveKit half: a token for this session, livekit-client loaded on first use, then connect. */
  const connectLiveKit = useCallback(async () => {
    const { token: liveToken, url } = await callApi(sessionContracts.token, { query: { sessionId } });
    if (!liveKitRef.current)
      liveKitRef.current = new LiveKitCall(await loadLiveKit(), {
        onRemoteStream: setRemoteStream,
        onState: setPeerState,
      });
    await liveKitRef.current.connect(url, liveToken, localStream.current, flags.current);
  }, [sessionId]);

  const enter = useCallback(async () => {
    const room = channel.current;
    if (!room) return;
    const { camera, mic } = flags.current;
    const ack = await room.request({ type: "JoinSession", payload: { camera, mic } });
    if (ack.result !== "ok") throw new Error(ack.code ?? ack.result);
    track("lesson_attended", { kind: sessionId.split(":")[0] ?? "lesson" });
    inCallRef.current = true;
    setInCall(true);
    if (ack.session) setMembers(ack.session.members);
    if (viaLiveKit) {
      // A session-room reconnect while in the call leaves the LiveKit connection as it is.
      if (!liveKitRef.current?.active)
        await connectLiveKit().catch((error: unknown) => {
          // No media: out of the call again, and the page says joining failed.
          room.send({ type: "LeaveSession", payload: {} });
          void liveKitRef.current?.close();
          inCallRef.current = false;
          setInCall(false);
          throw error;
        });
    } else {
      const other = ack.session?.members.find((member) => member.userId !== selfId);
      call.reopen();
      call.joined(Boolean(other?.inCall));
    }
    if (flags.current.sharing) room.send({ type: "UserSharingScreen", payload: { sharing: true } });
  }, [call, connectLiveKit, selfId, sessionId, viaLiveKit]);

  useEffect(() => {
    if (!enabled || !token) return;
    const room = openSessionChannel(sessionId, token);
    channel.current = room;
    const offEvent = room.onEvent((event) => {
      setMembers((current) => applyPresence(current, event));
      if (!viaLiveKit)
        void call
          .handle(event)
          .catch((error: unknown) => console.warn("[session-room] signalling failed", error));
    });
    const offOpen = room.onOpen(() => {
      if (inCallRef.current) void enter().catch(() => undefined);
      else
        void room
          .request({ type: "PreJoinSession", payload: {} })
          .then((ack) => ack.session && setMembers(ack.session.members))
          .catch(() => undefined);
    });
    const offStatus = room.onStatus(() => setStatus(room.status()));
    const offFinal = room.onFinal((reason) => {
      setFinal(reason);
      call.close();
      void liveKitRef.current?.close();
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
      void liveKitRef.current?.close();
      inCallRef.current = false;
      room.close();
      channel.current = null;
    };
  }, [call, enabled, enter, sessionId, token, viaLiveKit]);

  const join = useCallback(
    async (stream: MediaStream | null, media: MediaFlags) => {
      flags.current = media;
      localStream.current = stream;
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
    void liveKitRef.current?.close();
    inCallRef.current = false;
    setInCall(false);
    setRemoteStream(null);
  }, [call]);

  const setMic = useCallback((enabled: boolean) => {
    flags.current = { ...flags.current, mic: enabled };
    void liveKitRef.current?.setMic(enabled);
    channel.current?.send({ type: "ToggleMic", payload: { enabled } });
  }, []);

  const setCamera = useCallback((enabled: boolean) => {
    flags.current = { ...flags.current, camera: enabled };
    void liveKitRef.current?.setCamera(enabled);
    channel.current?.send({ type: "ToggleCamera", payload: { enabled } });
  }, []);

  const setSharing = useCallback(
    async (track: MediaStreamTrack | null, cameraTrack: MediaStreamTrack | null) => {
      const sharing = track !== null;
      flags.current = { ...flags.current, sharing };
      if (viaLiveKit) await liveKitRef.current?.share(track);
      else await call.replaceVideo(track ?? cameraTrack);
      channel.current?.send({ type: "UserSharingScreen", payload: { sharing } });
    },
    [call, viaLiveKit],
  );

  return {
    status,
    final,
    members,
    inCall,
    joining,
    peerState,
    remoteStream,
    join,
    leave,
    setMic,
    setCamera,
    setSharing,
  };
}
