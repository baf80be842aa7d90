import type { PeerCallState } from "./peer-call";

/**
 * The media half of a call through LiveKit (when the Worker has LiveKit configured): the same
 * page, controls and session-room events (presence, mic/camera toggles, screen share flags) as the
 * peer-to-peer call, but audio and video go through the LiveKit room named after the session.
 *
 * livekit-client is loaded only here, by the caller's dynamic import, so the peer-to-peer path never
 * downloads it. The adapter depends on the few parts of the library it uses (LiveKitModule), which a
 * test replaces with a fake room.
 */

/** A remote track as LiveKit hands it over. */
export type RemoteTrackLike = { kind: string; source: string; mediaStreamTrack: MediaStreamTrack };
/** What localParticipant.publishTrack answers. */
export type LocalPublicationLike = { mute(): Promise<unknown>; unmute(): Promise<unknown> };

export type LiveKitRoomLike = {
  connect(url: string, token: string): Promise<void>;
  disconnect(): Promise<void>;
  on(event: string, listener: (...args: never[]) => void): unknown;
  readonly localParticipant: {
    publishTrack(
      track: MediaStreamTrack,
      options: { source: string; name?: string },
    ): Promise<LocalPublicationLike>;
    unpublishTrack(track: MediaStreamTrack, stopOnUnpublish?: boolean): Promise<unknown>;
  };
};

/** The parts of livekit-client the call uses: `await import("livekit-client")` satisfies it. */
export type LiveKitModule = {
  Room: new (options?: { adaptiveStream?: boolean; dynacast?: boolean }) => LiveKitRoomLike;
  RoomEvent: {
    TrackSubscribed: string;
    TrackUnsubscribed: string;
    ConnectionStateChanged: string;
    Disconnected: string;
  };
  Track: { Source: { Camera: string; Microphone: string; ScreenShare: string } };
};

export type LiveKitCallOptions = {
  onRemoteStream: (stream: MediaStream | null) => void;
  onState: (state: PeerCallState) => void;
  /** Builds the stream shown for the remote tracks (tests have no MediaStream). */
  makeStream?: (tracks: MediaStreamTrack[]) => MediaStream | null;
};

/** LiveKit's connection state in the page's terms. */
export function callStateOf(connection: string): PeerCallState {
  if (connection === "connected") return "connected";
  if (connection === "disconnected") return "idle";
  return "negotiating";
}

export class LiveKitCall {
  #lk: LiveKitModule;
  #options: LiveKitCallOptions;
  #room: LiveKitRoomLike | null = null;
  #mic: LocalPublicationLike | null = null;
  #camera: LocalPublicationLike | null = null;
  #screen: MediaStreamTrack | null = null;
  /** The remote tracks by source: the screen share, when there is one, is shown instead of the camera. */
  #remote = new Map<string, MediaStreamTrack>();

  constructor(lk: LiveKitModule, options: LiveKitCallOptions) {
    this.#lk = lk;
    this.#options = options;
  }

  /** Whether a LiveKit room is connected or connecting. */
  get active(): boolean {
    return this.#room !== null;
  }

  /** Connects with a token of GET /session/token and publishes the camera and microphone (when there are). */
  async connect(
    url: string,
    token: string,
    stream: MediaStream | null,
    flags: { mic: boolean; camera: boolean },
  ): Promise<void> {
    await this.close();
    const { Room, RoomEvent, Track } = this.#lk;
    const room = new Room({ adaptiveStream: true, dynacast: true });
    this.#room = room;
    room.on(RoomEvent.ConnectionStateChanged, ((state: string) => {
      if (this.#room === room) this.#options.onState(callStateOf(state));
    }) as never);
    room.on(RoomEvent.TrackSubscribed, ((track: RemoteTrackLike) => {
      if (this.#room !== room) return;
      this.#remote.set(track.source, track.mediaStreamTrack);
      this.#emitRemote();
    }) as never);
    room.on(RoomEvent.TrackUnsubscribed, ((track: RemoteTrackLike) => {
      if (this.#room !== room) return;
      this.#remote.delete(track.source);
      this.#emitRemote();
    }) as never);
    room.on(RoomEvent.Disconnected, (() => {
      if (this.#room !== room) return;
      this.#remote.clear();
      this.#options.onRemoteStream(null);
      this.#options.onState("idle");
    }) as never);
    this.#options.onState("negotiating");
    await room.connect(url, token);
    if (this.#room !== room) return;
    const audio = stream?.getAudioTracks()[0];
    const video = stream?.getVideoTracks()[0];
    if (audio)
      this.#mic = await room.localParticipant.publishTrack(audio, { source: Track.Source.Microphone });
    if (video)
      this.#camera = await room.localParticipant.publishTrack(video, { source: Track.Source.Camera });
    if (!flags.mic) await this.#mic?.mute();
    if (!flags.camera) await this.#camera?.mute();
  }

  /** Mute/unmute: LiveKit tells the other side (track muted), the session room tells the page. */
  async setMic(enabled: boolean): Promise<void> {
    await (enabled ? this.#mic?.unmute() : this.#mic?.mute());
  }

  async setCamera(enabled: boolean): Promise<void> {
    await (enabled ? this.#camera?.unmute() : this.#camera?.mute());
  }

  /** Publishes the screen as a screen-share track (null stops sharing); the camera stays published. */
  async share(track: MediaStreamTrack | null): Promise<void> {
    const room = this.#room;
    if (!room) return;
    if (this.#screen) {
      const old = this.#screen;
      this.#screen = null;
      await room.localParticipant.unpublishTrack(old, false);
    }
    if (track) {
      this.#screen = track;
      await room.localParticipant.publishTrack(track, {
        source: this.#lk.Track.Source.ScreenShare,
        name: "screen",
      });
    }
  }

  /** Leaving: disconnects from the LiveKit room (our tracks belong to the page and are not stopped). */
  async close(): Promise<void> {
    const room = this.#room;
    this.#room = null;
    this.#mic = null;
    this.#camera = null;
    this.#screen = null;
    this.#remote.clear();
    if (!room) return;
    this.#options.onRemoteStream(null);
    this.#options.onState("idle");
    await room.disconnect();
  }

  #emitRemote() {
    const { Source } = this.#lk.Track;
    const video = this.#remote.get(Source.ScreenShare) ?? this.#remote.get(Source.Camera);
    const audio = this.#remote.get(Source.Microphone);
    const tracks = [video, audio].filter((track): track is MediaStreamTrack => Boolean(track));
    const make =
      this.#options.makeStream ??
      ((list: MediaStreamTrack[]) => (typeof MediaStream === "undefined" ? null : new MediaStream(list)));
    this.#options.onRemoteStream(tracks.length > 0 ? make(tracks) : null);
  }
}

/** Loads livekit-client on demand (its own chunk), only when the session uses LiveKit. */
export async function loadLiveKit(): Promise<LiveKitModule> {
  return (await import("livekit-client")) as unknown as LiveKitModule;
}
