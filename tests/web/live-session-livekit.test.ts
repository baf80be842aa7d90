import { describe, expect, it } from "vitest";
import {
  LiveKitCall,
  callStateOf,
  type LiveKitModule,
  type LiveKitRoomLike,
  type RemoteTrackLike,
} from "../../web/src/features/live-session/livekit-call";
import type { PeerCallState } from "../../web/src/features/live-session/peer-call";

const Source = { Camera: "camera", Microphone: "microphone", ScreenShare: "screen_share" };
const RoomEvent = {
  TrackSubscribed: "trackSubscribed",
  TrackUnsubscribed: "trackUnsubscribed",
  ConnectionStateChanged: "connectionStateChanged",
  Disconnected: "disconnected",
};

type Log = string[];

/** A LiveKit room that records what the call does and lets the test play the server's events. */
class FakeRoom implements LiveKitRoomLike {
  static last: FakeRoom;
  listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  log: Log = [];
  constructor(public options?: object) {
    FakeRoom.last = this;
  }
  async connect(url: string, token: string) {
    this.log.push(`connect ${url} ${token}`);
    this.emit(RoomEvent.ConnectionStateChanged, "connected");
  }
  async disconnect() {
    this.log.push("disconnect");
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [
      ...(this.listeners.get(event) ?? []),
      listener as (...args: unknown[]) => void,
    ]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  localParticipant = {
    publishTrack: async (track: MediaStreamTrack, options: { source: string }) => {
      this.log.push(`publish ${track.id} ${options.source}`);
      return {
        mute: async () => this.log.push(`mute ${options.source}`),
        unmute: async () => this.log.push(`unmute ${options.source}`),
      };
    },
    unpublishTrack: async (track: MediaStreamTrack) => {
      this.log.push(`unpublish ${track.id}`);
    },
  };
}

const fakeModule = { Room: FakeRoom, RoomEvent, Track: { Source } } as unknown as LiveKitModule;
const track = (id: string, kind: string) => ({ id, kind }) as MediaStreamTrack;
const stream = (...tracks: MediaStreamTrack[]) =>
  ({
    getAudioTracks: () => tracks.filter((t) => t.kind === "audio"),
    getVideoTracks: () => tracks.filter((t) => t.kind === "video"),
  }) as unknown as MediaStream;
const remote = (source: string, id: string): RemoteTrackLike => ({
  kind: source === Source.Microphone ? "audio" : "video",
  source,
  mediaStreamTrack: track(id, "x"),
});

function setup() {
  const states: PeerCallState[] = [];
  const streams: Array<string[] | null> = [];
  const call = new LiveKitCall(fakeModule, {
    onState: (state) => states.push(state),
    onRemoteStream: (shown) =>
      streams.push(shown ? (shown as unknown as MediaStreamTrack[]).map((t) => t.id) : null),
    makeStream: (tracks) => tracks as unknown as MediaStream,
  });
  return { call, states, streams };
}

describe("the LiveKit call adapter", () => {
  it("connects with the session's token and publishes the camera and microphone", async () => {
    const { call, states } = setup();
    await call.connect("wss://lk.dars.test", "jwt", stream(track("a1", "audio"), track("v1", "video")), {
      mic: true,
      camera: true,
    });
    expect(FakeRoom.last.log).toEqual([
      "connect wss://lk.dars.test jwt",
      "publish a1 microphone",
      "publish v1 camera",
    ]);
    expect(states).toEqual(["negotiating", "connected"]);
    expect(call.active).toBe(true);
  });

  it("joins muted as the flags say, and mutes and unmutes through the publications", async () => {
    const { call } = setup();
    await call.connect("wss://lk", "jwt", stream(track("a1", "audio"), track("v1", "video")), {
      mic: false,
      camera: true,
    });
    await call.setCamera(false);
    await call.setMic(true);
    expect(FakeRoom.last.log.slice(3)).toEqual(["mute microphone", "mute camera", "unmute microphone"]);
  });

  it("joins without devices: nothing is published", async () => {
    const { call } = setup();
    await call.connect("wss://lk", "jwt", null, { mic: false, camera: false });
    expect(FakeRoom.last.log).toEqual(["connect wss://lk jwt"]);
  });

  it("shows the other member's camera and sound, and their screen instead of the camera while they share", async () => {
    const { call, streams } = setup();
    await call.connect("wss://lk", "jwt", null, { mic: false, camera: false });
    const room = FakeRoom.last;
    room.emit(RoomEvent.TrackSubscribed, remote(Source.Camera, "cam"));
    room.emit(RoomEvent.TrackSubscribed, remote(Source.Microphone, "mic"));
    room.emit(RoomEvent.TrackSubscribed, remote(Source.ScreenShare, "screen"));
    room.emit(RoomEvent.TrackUnsubscribed, remote(Source.ScreenShare, "screen"));
    expect(streams).toEqual([["cam"], ["cam", "mic"], ["screen", "mic"], ["cam", "mic"]]);
  });

  it("publishes the screen as a screen share and unpublishes it when sharing stops", async () => {
    const { call } = setup();
    await call.connect("wss://lk", "jwt", stream(track("v1", "video")), { mic: false, camera: true });
    await call.share(track("s1", "video"));
    await call.share(null);
    expect(FakeRoom.last.log.slice(2)).toEqual(["publish s1 screen_share", "unpublish s1"]);
  });

  it("leaves: disconnects, clears the remote video and ignores the old room's late events", async () => {
    const { call, states, streams } = setup();
    await call.connect("wss://lk", "jwt", null, { mic: false, camera: false });
    const room = FakeRoom.last;
    await call.close();
    room.emit(RoomEvent.TrackSubscribed, remote(Source.Camera, "late"));
    expect(room.log.at(-1)).toBe("disconnect");
    expect(states.at(-1)).toBe("idle");
    expect(streams).toEqual([null]);
    expect(call.active).toBe(false);
  });

  it("maps LiveKit's connection states onto the page's", () => {
    expect(
      ["connected", "connecting", "reconnecting", "signalReconnecting", "disconnected"].map(callStateOf),
    ).toEqual(["connected", "negotiating", "negotiating", "negotiating", "idle"]);
  });

  it("the real livekit-client exports what the adapter uses", async () => {
    const lk = await import("livekit-client");
    expect(typeof lk.Room).toBe("function");
    expect([
      lk.RoomEvent.TrackSubscribed,
      lk.RoomEvent.TrackUnsubscribed,
      lk.RoomEvent.ConnectionStateChanged,
      lk.RoomEvent.Disconnected,
    ]).toEqual(Object.values(RoomEvent));
    expect([lk.Track.Source.Camera, lk.Track.Source.Microphone, lk.Track.Source.ScreenShare]).toEqual(
      Object.values(Source),
    );
    expect(lk.ConnectionState.Connected).toBe("connected");
  });
});
