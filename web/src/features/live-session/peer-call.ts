import type { ServerEvent } from "@schema/events";
import type { SessionFrame } from "../../lib/realtime";

/** The parts of RTCPeerConnection the call uses (a test can stand in for it). */
export type PeerConnectionLike = Pick<
  RTCPeerConnection,
  | "addTrack"
  | "addTransceiver"
  | "getTransceivers"
  | "createOffer"
  | "createAnswer"
  | "setLocalDescription"
  | "setRemoteDescription"
  | "addIceCandidate"
  | "close"
  | "signalingState"
  | "remoteDescription"
  | "connectionState"
  | "onicecandidate"
  | "ontrack"
  | "onconnectionstatechange"
>;

export type PeerCallState = "idle" | "waiting" | "negotiating" | "connected" | "failed";

export type PeerCallOptions = {
  selfId: number;
  send: (frame: SessionFrame) => void;
  createPeer: () => PeerConnectionLike;
  onRemoteStream: (stream: MediaStream | null) => void;
  onState: (state: PeerCallState) => void;
  /** Makes a MediaStream for a track that came without one (tests have none). */
  streamOf?: (track: MediaStreamTrack) => MediaStream | null;
};

const mediaKinds = ["audio", "video"] as const;
type SignalEvent = Extract<
  ServerEvent,
  {
    type:
      | "UserJoinedSession"
      | "UserLeftSession"
      | "AnnounceIncomingOffer"
      | "ReadyToReceiveOffer"
      | "SessionOffer"
      | "SessionAnswer"
      | "IceCandidate";
  }
>;
const signalTypes = new Set<string>([
  "UserJoinedSession",
  "UserLeftSession",
  "AnnounceIncomingOffer",
  "ReadyToReceiveOffer",
  "SessionOffer",
  "SessionAnswer",
  "IceCandidate",
]);

export const isSignalEvent = (event: ServerEvent): event is SignalEvent => signalTypes.has(event.type);

/**
 * Peer-to-peer signalling over the session room (which only relays between the members in the call):
 *
 * 1. The member who enters the call second (the other is already in it, per JoinSession's snapshot)
 *    sends AnnounceIncomingOffer.
 * 2. The first member drops any old connection (a reload leaves one behind), makes a fresh one and
 *    answers ReadyToReceiveOffer.
 * 3. The second member sends SessionOffer; the first answers SessionAnswer; both trickle IceCandidate
 *    (queued until the remote description is set).
 *
 * A member who reloads is the second to enter when they come back, so the same steps recover the
 * call; the one who stayed hears UserLeftSession (and UserJoinedSession) and drops its connection.
 * Later offers in a stable connection (renegotiation, e.g. a track added for screen share) are
 * answered the same way; an offer that crosses ours is dropped by the member with the lower id.
 */
export class PeerCall {
  #options: PeerCallOptions;
  #peer: PeerConnectionLike | null = null;
  #local: MediaStream | null = null;
  #pendingIce: RTCIceCandidateInit[] = [];
  #state: PeerCallState = "idle";
  #video: MediaStreamTrack | null = null;
  #otherId: number | null = null;
  #closed = false;

  constructor(options: PeerCallOptions) {
    this.#options = options;
  }

  get state(): PeerCallState {
    return this.#state;
  }

  /** The camera/microphone stream sent to the other member (may be null: joined without devices). */
  setLocalStream(stream: MediaStream | null): void {
    this.#local = stream;
    this.#video = stream?.getVideoTracks()[0] ?? null;
  }

  /** After our JoinSession: offer if the other member is already in the call, else wait for them. */
  joined(otherInCall: boolean): void {
    if (otherInCall) {
      this.#reset();
      this.#setState("negotiating");
      this.#options.send({ type: "AnnounceIncomingOffer", payload: {} });
    } else {
      this.#drop();
      this.#setState("waiting");
    }
  }

  /** Session-room events; ignores our own and everything not about the call. */
  async handle(event: ServerEvent): Promise<void> {
    if (this.#closed || !isSignalEvent(event)) return;
    const from = "from" in event.payload ? event.payload.from : event.payload.userId;
    if (from === this.#options.selfId) return;
    this.#otherId = from;
    switch (event.type) {
      case "UserJoinedSession":
        // They (re)entered: their AnnounceIncomingOffer follows.
        this.#drop();
        this.#setState("negotiating");
        return;
      case "UserLeftSession":
        this.#drop();
        this.#setState("waiting");
        return;
      case "AnnounceIncomingOffer":
        this.#reset();
        this.#setState("negotiating");
        this.#options.send({ type: "ReadyToReceiveOffer", payload: {} });
        return;
      case "ReadyToReceiveOffer":
        if (!this.#peer) this.#reset();
        await this.#offer();
        return;
      case "SessionOffer":
        await this.#answer(event.payload.sdp, event.payload.from);
        return;
      case "SessionAnswer": {
        const peer = this.#peer;
        if (!peer || peer.signalingState !== "have-local-offer") return;
        await peer.setRemoteDescription({ type: "answer", sdp: event.payload.sdp });
        await this.#flushIce();
        return;
      }
      case "IceCandidate": {
        const candidate = event.payload.candidate as RTCIceCandidateInit;
        if (this.#peer?.remoteDescription) await this.#peer.addIceCandidate(candidate).catch(() => undefined);
        else this.#pendingIce.push(candidate);
        return;
      }
    }
  }

  /**
   * Sends another video track (the screen, or the camera again; null sends nothing). Uses the video
   * sender already negotiated; renegotiates only when there was none.
   */
  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    this.#video = track;
    const peer = this.#peer;
    if (!peer) return;
    const videos = peer.getTransceivers().filter((each) => each.receiver.track?.kind === "video");
    const transceiver = videos.find((each) => each.mid !== null) ?? videos[0];
    if (transceiver) {
      await transceiver.sender.replaceTrack(track);
      if (transceiver.direction !== "sendrecv") {
        transceiver.direction = "sendrecv";
        await this.renegotiate();
      }
      return;
    }
    if (track) {
      peer.addTrack(track, ...(this.#local ? [this.#local] : []));
      await this.renegotiate();
    }
  }

  /** A new offer in a stable, established connection (after a change of what is sent). */
  async renegotiate(): Promise<void> {
    if (this.#peer?.signalingState === "stable" && this.#peer.remoteDescription) await this.#offer();
  }

  /** Leaving: the connection closes and nothing more is handled. */
  close(): void {
    this.#drop();
    this.#closed = true;
    this.#setState("idle");
  }

  /** Entering the call again after close() (rejoin after leaving). */
  reopen(): void {
    this.#closed = false;
  }

  // ------------------------------------------------------------------------------------------

  #setState(state: PeerCallState) {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onState(state);
  }

  #drop() {
    if (this.#peer) {
      this.#peer.onicecandidate = null;
      this.#peer.ontrack = null;
      this.#peer.onconnectionstatechange = null;
      this.#peer.close();
      this.#peer = null;
      this.#options.onRemoteStream(null);
    }
    this.#pendingIce = [];
  }

  /** A fresh connection carrying our tracks (a transceiver per missing kind, so one can be added later). */
  #reset(): PeerConnectionLike {
    this.#drop();
    const peer = this.#options.createPeer();
    this.#peer = peer;
    const local = this.#local;
    for (const kind of mediaKinds) {
      const track = kind === "video" ? this.#video : (local?.getAudioTracks()[0] ?? null);
      if (track && local) peer.addTrack(track, local);
      else peer.addTransceiver(kind, { direction: "sendrecv" });
    }
    peer.onicecandidate = (event) => {
      if (event.candidate && this.#peer === peer)
        this.#options.send({
          type: "IceCandidate",
          payload: { candidate: toCandidateInit(event.candidate) },
        });
    };
    peer.ontrack = (event) => {
      if (this.#peer !== peer) return;
      const stream = event.streams[0] ?? this.#options.streamOf?.(event.track) ?? null;
      this.#options.onRemoteStream(stream);
    };
    peer.onconnectionstatechange = () => {
      if (this.#peer !== peer) return;
      if (peer.connectionState === "connected") this.#setState("connected");
      else if (peer.connectionState === "failed") {
        this.#setState("failed");
        // One side starts over: the member with the lower id announces a new offer.
        if (this.#otherId !== null && this.#options.selfId < this.#otherId)
          this.#options.send({ type: "AnnounceIncomingOffer", payload: {} });
      }
    };
    return peer;
  }

  async #offer() {
    const peer = this.#peer;
    if (!peer) return;
    const offer = await peer.createOffer();
    if (this.#peer !== peer) return;
    await peer.setLocalDescription(offer);
    this.#options.send({ type: "SessionOffer", payload: { sdp: offer.sdp ?? "" } });
  }

  async #answer(sdp: string, from: number) {
    let peer = this.#peer ?? this.#reset();
    if (peer.signalingState === "have-local-offer") {
      // Offers crossed: the member with the lower id gives way.
      if (this.#options.selfId > from) return;
      await peer.setLocalDescription({ type: "rollback" });
    }
    peer = this.#peer ?? peer;
    await peer.setRemoteDescription({ type: "offer", sdp });
    for (const transceiver of peer.getTransceivers()) {
      if (transceiver.direction === "recvonly" || transceiver.direction === "inactive")
        transceiver.direction = "sendrecv";
    }
    await this.#flushIce();
    const answer = await peer.createAnswer();
    if (this.#peer !== peer) return;
    await peer.setLocalDescription(answer);
    this.#options.send({ type: "SessionAnswer", payload: { sdp: answer.sdp ?? "" } });
  }

  async #flushIce() {
    const peer = this.#peer;
    if (!peer) return;
    const queued = this.#pendingIce;
    this.#pendingIce = [];
    for (const candidate of queued) await peer.addIceCandidate(candidate).catch(() => undefined);
  }
}

function toCandidateInit(candidate: RTCIceCandidate) {
  const json = candidate.toJSON();
  return {
    candidate: json.candidate ?? "",
    sdpMid: json.sdpMid ?? null,
    sdpMLineIndex: json.sdpMLineIndex ?? null,
    usernameFragment: json.usernameFragment ?? null,
  };
}
