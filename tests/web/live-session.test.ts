import { describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "@schema/events";
import { deviceErrorKind, deviceErrorMessage } from "../../web/src/features/live-session/device-errors";
import {
  PeerCall,
  type PeerCallState,
  type PeerConnectionLike,
} from "../../web/src/features/live-session/peer-call";
import {
  applyPresence,
  iceServersOf,
  mediaConstraints,
  readDevicePrefs,
  writeDevicePrefs,
} from "../../web/src/features/live-session/presence";
import type { SessionFrame } from "../../web/src/lib/realtime";
import {
  canReportAbsence,
  countdown,
  formatClock,
  roomIsOpen,
  roomOpensAt,
  roomPhase,
} from "../../web/src/features/live-session/timing";

const error = (name: string) => Object.assign(new Error(name), { name });

describe("device errors (docs/product.md §8)", () => {
  it.each([
    ["NotFoundError", "no-device"],
    ["DevicesNotFoundError", "no-device"],
    ["NotReadableError", "device-in-use"],
    ["TrackStartError", "device-in-use"],
    ["OverconstrainedError", "over-constrained"],
    ["NotAllowedError", "permission-denied"],
    ["PermissionDeniedError", "permission-denied"],
    ["AbortError", "unexpected"],
    ["TypeError", "unexpected"],
  ])("%s → %s", (name, kind) => {
    expect(deviceErrorKind(error(name))).toBe(kind);
  });

  it("treats anything that is not an error as unexpected", () => {
    expect(deviceErrorKind(null)).toBe("unexpected");
    expect(deviceErrorKind("NotFoundError")).toBe("unexpected");
  });

  it("has an Arabic title and a next step for every kind", () => {
    for (const kind of [
      "no-device",
      "device-in-use",
      "over-constrained",
      "permission-denied",
      "unexpected",
    ] as const) {
      const message = deviceErrorMessage(kind);
      expect(message.title).toMatch(/[\u0621-\u064A]/);
      expect(message.next).toMatch(/[\u0621-\u064A]/);
    }
  });
});

describe("admission window and countdown", () => {
  const start = "2026-11-22T16:00:00.000Z";
  const end = "2026-11-22T16:30:00.000Z";
  const at = (iso: string) => Date.parse(iso);

  it("opens 10 minutes before the start and closes at the end", () => {
    expect(roomPhase(start, end, at("2026-11-22T15:49:59.999Z"))).toBe("too-early");
    expect(roomPhase(start, end, at("2026-11-22T15:50:00.000Z"))).toBe("open-before-start");
    expect(roomPhase(start, end, at("2026-11-22T16:00:00.000Z"))).toBe("live");
    expect(roomPhase(start, end, at("2026-11-22T16:29:59.999Z"))).toBe("live");
    expect(roomPhase(start, end, at("2026-11-22T16:30:00.000Z"))).toBe("ended");
    expect(roomIsOpen(start, end, at("2026-11-22T15:49:00.000Z"))).toBe(false);
    expect(roomIsOpen(start, end, at("2026-11-22T15:55:00.000Z"))).toBe(true);
    expect(roomIsOpen(start, end, at("2026-11-22T16:30:00.000Z"))).toBe(false);
    expect(roomOpensAt(start).toISOString()).toBe("2026-11-22T15:50:00.000Z");
  });

  it("counts down to the start, then the time left", () => {
    expect(countdown(start, end, at("2026-11-22T15:55:00.000Z"))).toEqual({
      kind: "starts-in",
      ms: 5 * 60_000,
    });
    expect(countdown(start, end, at("2026-11-22T16:10:00.000Z"))).toEqual({
      kind: "time-left",
      ms: 20 * 60_000,
    });
    expect(countdown(start, end, at("2026-11-22T16:31:00.000Z"))).toEqual({ kind: "ended", ms: 0 });
  });

  it("formats the clock in Arabic digits, rounding up to the second", () => {
    expect(formatClock(5 * 60_000)).toBe("٠٥:٠٠");
    expect(formatClock(61_001)).toBe("٠١:٠٢");
    expect(formatClock(3_600_000 + 61_000)).toBe("١:٠١:٠١");
    expect(formatClock(-5)).toBe("٠٠:٠٠");
  });

  it("lets the student report the tutor absent from 3 minutes after the start, only without a join", () => {
    expect(canReportAbsence(start, end, at("2026-11-22T16:02:59.999Z"), false)).toBe(false);
    expect(canReportAbsence(start, end, at("2026-11-22T16:03:00.000Z"), false)).toBe(true);
    expect(canReportAbsence(start, end, at("2026-11-22T16:03:00.000Z"), true)).toBe(false);
    expect(canReportAbsence(start, end, at("2026-11-22T16:30:00.000Z"), false)).toBe(false);
  });
});

describe("presence, device choices and ICE servers", () => {
  const base = [
    { userId: 1, online: true, inCall: false, camera: false, mic: false, sharing: false },
    { userId: 2, online: false, inCall: false, camera: false, mic: false, sharing: false },
  ];
  const event = (type: string, payload: Record<string, unknown>) =>
    ({ type, payload: { sessionId: "lesson:1", ...payload } }) as unknown as ServerEvent;

  it("follows the room's events", () => {
    let members = applyPresence(base, event("SessionMemberJoined", { userId: 2 }));
    expect(members[1]).toMatchObject({ online: true, inCall: false });
    members = applyPresence(
      members,
      event("UserJoinedSession", { userId: 2, camera: true, mic: true, at: "" }),
    );
    expect(members[1]).toMatchObject({ inCall: true, camera: true, mic: true });
    members = applyPresence(members, event("MicToggled", { userId: 2, enabled: false }));
    members = applyPresence(members, event("UserSharedScreen", { userId: 2, sharing: true }));
    expect(members[1]).toMatchObject({ mic: false, camera: true, sharing: true });
    members = applyPresence(members, event("UserLeftSession", { userId: 2, at: "" }));
    expect(members[1]).toMatchObject({ inCall: false, sharing: false, online: true });
    members = applyPresence(members, event("SessionMemberLeft", { userId: 2 }));
    expect(members[1]).toMatchObject({ online: false });
    expect(applyPresence(members, event("CameraToggled", { userId: 9, enabled: true }))).toHaveLength(3);
  });

  it("remembers the chosen devices and asks for exactly them", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readDevicePrefs(storage)).toEqual({ camera: "", mic: "", speaker: "" });
    writeDevicePrefs({ camera: "cam-2", mic: "", speaker: "out-1" }, storage);
    expect(readDevicePrefs(storage)).toEqual({ camera: "cam-2", mic: "", speaker: "out-1" });
    expect(mediaConstraints(readDevicePrefs(storage))).toEqual({
      video: { deviceId: { exact: "cam-2" } },
      audio: true,
    });
    store.set("dars.live-session.devices", "{broken");
    expect(readDevicePrefs(storage)).toEqual({ camera: "", mic: "", speaker: "" });
  });

  it("reads ICE servers from the config when present, else none", () => {
    expect(iceServersOf({ environment: "local" })).toEqual([]);
    expect(iceServersOf(undefined)).toEqual([]);
    expect(iceServersOf({ iceServers: [{ urls: "stun:stun.example:3478" }, { nope: 1 }] })).toEqual([
      { urls: "stun:stun.example:3478" },
    ]);
  });
});

// ------------------------------------------------------------------------------------------
// Signalling with stand-ins for RTCPeerConnection and the room's relay.

type FakeTransceiver = {
  mid: string | null;
  direction: RTCRtpTransceiverDirection;
  sender: { track: MediaStreamTrack | null; replaceTrack: (track: MediaStreamTrack | null) => Promise<void> };
  receiver: { track: { kind: string } };
};

class FakePeer {
  static all: FakePeer[] = [];
  signalingState: RTCSignalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  transceivers: FakeTransceiver[] = [];
  candidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null =
    null;
  ontrack: ((event: { streams: MediaStream[]; track: MediaStreamTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(public owner: number) {
    FakePeer.all.push(this);
  }
  #transceiver(kind: string, track: MediaStreamTrack | null): FakeTransceiver {
    const transceiver: FakeTransceiver = {
      mid: null,
      direction: "sendrecv",
      sender: { track, replaceTrack: async (next) => void (transceiver.sender.track = next) },
      receiver: { track: { kind } },
    };
    this.transceivers.push(transceiver);
    return transceiver;
  }
  addTrack(track: MediaStreamTrack) {
    return this.#transceiver(track.kind, track).sender;
  }
  addTransceiver(kind: string) {
    return this.#transceiver(kind, null);
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: "offer" as const, sdp: `offer-from-${this.owner}` };
  }
  async createAnswer() {
    return { type: "answer" as const, sdp: `answer-from-${this.owner}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    if (description.type === "rollback") {
      this.signalingState = "stable";
      this.localDescription = null;
      return;
    }
    this.localDescription = description;
    this.signalingState = description.type === "offer" ? "have-local-offer" : "stable";
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
    this.transceivers.forEach((transceiver, index) => (transceiver.mid ??= String(index)));
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  connect() {
    this.connectionState = "connected";
    this.onconnectionstatechange?.();
  }
}

const track = (kind: "audio" | "video", id: string = kind) =>
  ({ kind, id, enabled: true }) as unknown as MediaStreamTrack;
const stream = (...tracks: MediaStreamTrack[]) =>
  ({
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((each) => each.kind === "audio"),
    getVideoTracks: () => tracks.filter((each) => each.kind === "video"),
  }) as unknown as MediaStream;

/** Two members and the room between them: frames become events with `from`, delivered in order. */
function room() {
  const calls = new Map<number, PeerCall>();
  const queue: { to: number; event: ServerEvent }[] = [];
  const sent: { from: number; frame: SessionFrame }[] = [];
  const states = new Map<number, PeerCallState[]>();
  const remote = new Map<number, MediaStream | null>();

  function member(userId: number, local: MediaStream | null) {
    const call = new PeerCall({
      selfId: userId,
      send: (frame) => {
        sent.push({ from: userId, frame });
        for (const [other] of calls)
          if (other !== userId)
            queue.push({
              to: other,
              event: { type: frame.type, payload: { ...frame.payload, from: userId } } as ServerEvent,
            });
      },
      createPeer: () => new FakePeer(userId) as unknown as PeerConnectionLike,
      onRemoteStream: (value) => remote.set(userId, value),
      onState: (state) => states.set(userId, [...(states.get(userId) ?? []), state]),
    });
    call.setLocalStream(local);
    calls.set(userId, call);
    return call;
  }

  /** What the room tells the others when someone enters or leaves the call. */
  function announce(userId: number, type: "UserJoinedSession" | "UserLeftSession") {
    for (const [other] of calls)
      if (other !== userId)
        queue.push({
          to: other,
          event: {
            type,
            payload: { sessionId: "lesson:1", userId, camera: true, mic: true, at: "" },
          } as ServerEvent,
        });
  }

  async function flush() {
    while (queue.length > 0) {
      const { to, event } = queue.shift()!;
      await calls.get(to)?.handle(event);
    }
  }

  return { calls, member, announce, flush, sent, states, remote };
}

const peersOf = (owner: number) => FakePeer.all.filter((peer) => peer.owner === owner);
const livePeer = (owner: number) => peersOf(owner).find((peer) => !peer.closed)!;

describe("peer-to-peer signalling over the session room", () => {
  it("the member who enters second announces, the first gets ready, the second offers, the first answers", async () => {
    FakePeer.all = [];
    const net = room();
    const tutor = net.member(10, stream(track("audio"), track("video")));
    tutor.joined(false);
    expect(tutor.state).toBe("waiting");

    const student = net.member(20, stream(track("audio"), track("video")));
    net.announce(20, "UserJoinedSession");
    student.joined(true);
    await net.flush();

    expect(net.sent.map(({ from, frame }) => `${from}:${frame.type}`)).toEqual([
      "20:AnnounceIncomingOffer",
      "10:ReadyToReceiveOffer",
      "20:SessionOffer",
      "10:SessionAnswer",
    ]);
    expect(livePeer(10).remoteDescription).toEqual({ type: "offer", sdp: "offer-from-20" });
    expect(livePeer(20).remoteDescription).toEqual({ type: "answer", sdp: "answer-from-10" });
    expect(livePeer(10).signalingState).toBe("stable");
    expect(livePeer(20).signalingState).toBe("stable");
    // Both send their camera and microphone.
    expect(livePeer(10).transceivers.map((each) => each.sender.track?.kind)).toEqual(["audio", "video"]);

    livePeer(10).connect();
    livePeer(20).connect();
    expect(tutor.state).toBe("connected");
    expect(student.state).toBe("connected");
  });

  it("relays ICE candidates, queueing those that come before the remote description", async () => {
    FakePeer.all = [];
    const net = room();
    const tutor = net.member(10, null);
    tutor.joined(false);
    const student = net.member(20, null);
    student.joined(true);
    await net.flush();
    // An early candidate on a peer without a remote description waits.
    await tutor.handle({ type: "AnnounceIncomingOffer", payload: { from: 20 } });
    const fresh = livePeer(10);
    await tutor.handle({
      type: "IceCandidate",
      payload: { from: 20, candidate: { candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 } },
    });
    expect(fresh.candidates).toHaveLength(0);
    await tutor.handle({ type: "SessionOffer", payload: { from: 20, sdp: "offer-again" } });
    expect(fresh.candidates).toEqual([{ candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 }]);

    // Our own candidates go to the room.
    fresh.onicecandidate?.({
      candidate: { toJSON: () => ({ candidate: "candidate:2", sdpMid: "1", sdpMLineIndex: 1 }) },
    });
    expect(net.sent.at(-1)?.frame).toEqual({
      type: "IceCandidate",
      payload: {
        candidate: { candidate: "candidate:2", sdpMid: "1", sdpMLineIndex: 1, usernameFragment: null },
      },
    });
  });

  it("recovers when the other member reloads: the old connection closes and the returning member offers again", async () => {
    FakePeer.all = [];
    const net = room();
    const tutor = net.member(10, stream(track("audio"), track("video")));
    tutor.joined(false);
    const student = net.member(20, stream(track("audio"), track("video")));
    student.joined(true);
    await net.flush();
    const first = livePeer(10);
    first.ontrack?.({ streams: [stream(track("video", "remote"))], track: track("video", "remote") });
    expect(net.remote.get(10)).not.toBeNull();

    // The student's page reloads: the room says they left and came back; the new page announces.
    student.close();
    net.sent.length = 0;
    const again = net.member(20, stream(track("audio"), track("video")));
    net.announce(20, "UserLeftSession");
    net.announce(20, "UserJoinedSession");
    again.joined(true);
    await net.flush();

    expect(first.closed).toBe(true);
    expect(net.remote.get(10)).toBeNull();
    expect(net.sent.map(({ from, frame }) => `${from}:${frame.type}`)).toEqual([
      "20:AnnounceIncomingOffer",
      "10:ReadyToReceiveOffer",
      "20:SessionOffer",
      "10:SessionAnswer",
    ]);
    expect(livePeer(10)).not.toBe(first);
    expect(livePeer(10).remoteDescription?.sdp).toBe("offer-from-20");
    expect(net.states.get(10)).toContain("waiting");
  });

  it("goes back to waiting when the other member leaves, and ignores its own echoes", async () => {
    FakePeer.all = [];
    const net = room();
    const tutor = net.member(10, null);
    tutor.joined(false);
    const student = net.member(20, null);
    student.joined(true);
    await net.flush();
    await tutor.handle({ type: "UserLeftSession", payload: { sessionId: "lesson:1", userId: 10, at: "" } });
    expect(peersOf(10).every((peer) => !peer.closed)).toBe(true);
    await tutor.handle({ type: "UserLeftSession", payload: { sessionId: "lesson:1", userId: 20, at: "" } });
    expect(tutor.state).toBe("waiting");
    expect(peersOf(10).every((peer) => peer.closed)).toBe(true);
  });

  it("shares the screen on the negotiated video sender without a new offer, and back to the camera", async () => {
    FakePeer.all = [];
    const net = room();
    const camera = track("video", "camera");
    const tutor = net.member(10, stream(track("audio"), camera));
    tutor.joined(false);
    const student = net.member(20, stream(track("audio"), track("video")));
    student.joined(true);
    await net.flush();
    net.sent.length = 0;
    const screen = track("video", "screen");
    await tutor.replaceVideo(screen);
    const videoSender = livePeer(10).transceivers.find(
      (each) => each.receiver.track.kind === "video",
    )!.sender;
    expect(videoSender.track).toBe(screen);
    await tutor.replaceVideo(camera);
    expect(videoSender.track).toBe(camera);
    expect(net.sent).toEqual([]);
  });

  it("renegotiates when a video track is added where none was sent", async () => {
    FakePeer.all = [];
    const net = room();
    const tutor = net.member(10, stream(track("audio")));
    tutor.joined(false);
    const student = net.member(20, stream(track("audio"), track("video")));
    student.joined(true);
    await net.flush();
    // The tutor had no camera: its video transceiver is there but receive-only after the answer.
    livePeer(10).transceivers.forEach(
      (each) => each.receiver.track.kind === "video" && (each.direction = "recvonly"),
    );
    net.sent.length = 0;
    await tutor.replaceVideo(track("video", "screen"));
    await net.flush();
    expect(net.sent.map(({ from, frame }) => `${from}:${frame.type}`)).toEqual([
      "10:SessionOffer",
      "20:SessionAnswer",
    ]);
  });

  it("on crossing offers the member with the lower id gives way", async () => {
    FakePeer.all = [];
    const net = room();
    const low = net.member(10, null);
    low.joined(false);
    const high = net.member(20, null);
    high.joined(true);
    await net.flush();
    // Both offer at once.
    await low.renegotiate();
    await high.renegotiate();
    expect(livePeer(10).signalingState).toBe("have-local-offer");
    net.sent.length = 0;
    await net.flush();
    // The high id ignored the low id's offer; the low id rolled back and answered.
    expect(net.sent.map(({ from, frame }) => `${from}:${frame.type}`)).toEqual(["10:SessionAnswer"]);
    expect(livePeer(20).remoteDescription?.sdp).toBe("answer-from-10");
  });

  it("does nothing after leaving", async () => {
    FakePeer.all = [];
    const send = vi.fn();
    const call = new PeerCall({
      selfId: 1,
      send,
      createPeer: () => new FakePeer(1) as unknown as PeerConnectionLike,
      onRemoteStream: vi.fn(),
      onState: vi.fn(),
    });
    call.close();
    await call.handle({ type: "AnnounceIncomingOffer", payload: { from: 2 } });
    expect(send).not.toHaveBeenCalled();
    expect(FakePeer.all).toHaveLength(0);
  });
});
