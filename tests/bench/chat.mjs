// The chat load of `npm run bench` (docs/benchmarks.md): rooms of two members created through the API, both
// members connected through the real party sockets (the room's and their own user channel), and
// messages sent at a fixed rate with a bound on unacknowledged ones. Delivery latency is send →
// the other member's socket receiving the RoomMessage; every message is checked for loss and
// duplication on both of the other member's sockets.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = Array.from({ length: items.length });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** Sockets that closed after they had connected (a Worker reload closes them all). */
let closedDuringRun = 0;
let closing = false;

/** A single-use socket ticket for one party and room (the socket URL never carries the bearer token). */
async function socketUrl(base, wsBase, party, name, token) {
  const response = await fetch(`${base}/api/v1/auth/socket-ticket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ party, name }),
  });
  if (!response.ok) throw new Error(`no socket ticket for ${party}/${name}: ${response.status}`);
  const { ticket } = await response.json();
  return `${wsBase}/parties/${party}/${name}?ticket=${ticket}`;
}

/**
 * The few fields the load reads from a frame, without JSON.parse: the generator shares the machine's
 * cores with the server, and parsing every frame whole (a thousand a second) was its main work.
 * The servers' frames are JSON.stringify of objects built in a fixed key order (durable-objects/
 * chat-room.ts); a frame that does not match that order is parsed whole, so nothing is missed.
 */
const ACK = /^\{"type":"Ack","payload":\{"ackId":"([^"\\]*)","result":"([^"\\]*)"/;
const ROOM_MESSAGE =
  /^\{"type":"RoomMessage","payload":\{"message":\{[^{}]*?"senderId":(\d+),"text":"bench (\d+)"/;
export function frameFields(text) {
  if (text.startsWith('{"type":"Ack"')) {
    const match = ACK.exec(text);
    if (match) return { type: "Ack", ackId: match[1], result: match[2] };
  } else if (text.startsWith('{"type":"RoomMessage"')) {
    const match = ROOM_MESSAGE.exec(text);
    if (match) return { type: "RoomMessage", senderId: Number(match[1]), number: Number(match[2]) };
  } else if (!text.startsWith('{"type":"Connected"')) return { type: "other" };
  const frame = JSON.parse(text);
  if (frame.type === "Ack") return { type: "Ack", ackId: frame.payload.ackId, result: frame.payload.result };
  if (frame.type === "RoomMessage")
    return {
      type: "RoomMessage",
      senderId: frame.payload.message.senderId,
      number: numberOf(frame.payload.message.text),
    };
  return { type: frame.type };
}

/** Opens a party socket and resolves once the object's Connected frame arrives. */
function connect(url, onFrame) {
  let open = false;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(
      () => reject(new Error(`socket not connected in time: ${url.replace(/ticket=[^&]+/, "ticket=…")}`)),
      15_000,
    );
    socket.addEventListener("message", (event) => {
      const frame = frameFields(String(event.data));
      if (frame.type === "Connected") {
        open = true;
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      onFrame(frame);
    });
    socket.addEventListener("close", (event) => {
      if (open && !closing) closedDuringRun++;
      clearTimeout(timer);
      reject(new Error(`socket closed (${event.code})`));
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("socket error"));
    });
  });
}

const numberOf = (text) => {
  const match = /bench (\d+)/.exec(text);
  return match ? Number(match[1]) : -1;
};

export async function chatLoad({
  base,
  seed,
  from,
  rooms,
  perSecond,
  seconds,
  warmUpSeconds = 2,
  maxInFlight = 250,
  progress = () => {},
}) {
  const wsBase = base.replace(/^http/, "ws");
  const total = perSecond * seconds;
  const sentAt = new Float64Array(total);
  const roomSeen = new Uint16Array(total);
  const channelSeen = new Uint16Array(total);
  const ackResult = Array.from({ length: total });
  const roomLatency = [];
  const roomLatencyOf = new Float64Array(total);
  const channelLatency = [];
  const ackLatency = [];
  let acked = 0;
  let refused = 0;
  let warmAcked = 0;

  // Rooms through the API: each student opens a room with their tutor (POST /chat/new).
  const pairs = await pool(
    Array.from({ length: rooms }, (_, k) => k),
    10,
    async (k) => {
      const student = seed.students[from + k];
      const tutor = seed.tutors[from + k];
      // `wrangler dev` restarts the Worker when a source file changes (503 mid-request): retry.
      let response;
      for (let attempt = 0; attempt < 3; attempt++) {
        response = await fetch(`${base}/api/v1/chat/new`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
          body: JSON.stringify({ userId: tutor.id, message: "مرحبا، هذه رسالة القياس الأولى" }),
        });
        if (response.status !== 503) break;
        await sleep(1000);
      }
      if (response.status !== 201)
        throw new Error(`chat/new failed: ${response.status} ${await response.text()}`);
      const { room } = await response.json();
      return { roomId: room.id, members: [{ ...student }, { ...tutor }] };
    },
  );

  progress(`  ${pairs.length} rooms created; connecting ${pairs.length * 4} sockets`);
  // Both members of every room: the room socket and their own user channel.
  const sockets = [];
  const members = pairs.flatMap((pair) => pair.members.map((member) => ({ pair, member })));
  await pool(members, 50, async ({ pair, member }) => {
    const onRoom = (frame) => {
      const now = performance.now();
      if (frame.type === "Ack" && frame.ackId.startsWith("warm-")) {
        warmAcked++;
        return;
      }
      if (frame.type === "Ack") {
        const n = Number(frame.ackId);
        if (!(n >= 0 && n < total) || ackResult[n] !== undefined) return;
        ackResult[n] = frame.result;
        acked++;
        if (frame.result !== "ok") refused++;
        ackLatency.push(now - sentAt[n]);
      } else if (frame.type === "RoomMessage" && frame.senderId !== member.id) {
        const n = frame.number;
        if (n < 0) return;
        if (roomSeen[n]++ === 0) {
          roomLatency.push(now - sentAt[n]);
          roomLatencyOf[n] = now - sentAt[n];
        }
      }
    };
    const onChannel = (frame) => {
      if (frame.type !== "RoomMessage" || frame.senderId === member.id) return;
      const n = frame.number;
      if (n < 0) return;
      if (channelSeen[n]++ === 0) channelLatency.push(performance.now() - sentAt[n]);
    };
    member.room = await connect(
      await socketUrl(base, wsBase, "chat-room", String(pair.roomId), member.token),
      onRoom,
    );
    member.channel = await connect(
      await socketUrl(base, wsBase, "user-channel", String(member.id), member.token),
      onChannel,
    );
    sockets.push(member.room, member.channel);
  });

  // Warm-up, not measured (as the HTTP half warms the isolate first): the same rate for
  // `warmUpSeconds`, so the first messages' one-time work (compiling the code paths, each room's
  // first statements) is not read as delivery latency. Its texts and ack ids are not counted.
  const warmUp = Math.round(perSecond * warmUpSeconds);
  if (warmUp > 0) {
    progress(`  warming up: ${warmUp} messages in ${warmUpSeconds}s, not measured`);
    const warmBegan = performance.now();
    let warmSent = 0;
    while (warmSent < warmUp && performance.now() < warmBegan + warmUpSeconds * 4000) {
      const due = Math.min(warmUp, Math.floor(((performance.now() - warmBegan) / 1000) * perSecond) + 1);
      while (warmSent < due && warmSent - warmAcked < maxInFlight) {
        const pair = pairs[warmSent % rooms];
        pair.members[Math.floor(warmSent / rooms) % 2].room.send(
          JSON.stringify({
            type: "SendMessage",
            ackId: `warm-${warmSent}`,
            payload: { text: `warm-up ${warmSent}`, clientId: `warm-${warmSent}` },
          }),
        );
        warmSent++;
      }
      await sleep(1);
    }
    const warmDeadline = performance.now() + 10_000;
    while (warmAcked < warmSent && performance.now() < warmDeadline) await sleep(20);
  }

  // The load: message n goes to room n % rooms, from the student and the tutor in turn. A
  // server that stops acknowledging (the bound is reached and nothing moves) ends the sending
  // after twice the planned time; what was not sent is reported.
  progress(`  sockets open; sending ${total} messages`);
  let sent = 0;
  // The load generator's own stalls (its event loop delay) show in every latency it measures.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const began = performance.now();
  const sendDeadline = began + seconds * 2000;
  while (sent < total && performance.now() < sendDeadline) {
    const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * perSecond) + 1);
    while (sent < due && sent - acked < maxInFlight) {
      const pair = pairs[sent % rooms];
      const sender = pair.members[Math.floor(sent / rooms) % 2];
      sentAt[sent] = performance.now();
      sender.room.send(
        JSON.stringify({
          type: "SendMessage",
          ackId: String(sent),
          payload: { text: `bench ${sent}`, clientId: `bench-${sent}` },
        }),
      );
      sent++;
    }
    await sleep(1);
  }
  const sendSeconds = (performance.now() - began) / 1000;

  // Let the last deliveries arrive (at most 10 s).
  const deadline = performance.now() + 10_000;
  progress(`  ${sent} sent, ${acked} acknowledged; waiting for the last deliveries`);
  const expected = () => sent - refused;
  while (
    performance.now() < deadline &&
    (acked < sent || roomLatency.length < expected() || channelLatency.length < expected())
  )
    await sleep(20);

  // BENCH_CHAT_TRACE=1: the room-socket latency of each second's messages, to see warm-up and stalls.
  if (process.env.BENCH_CHAT_TRACE) {
    for (let second = 0; second * perSecond < sent; second++) {
      const slice = roomLatencyOf.slice(second * perSecond, Math.min(sent, (second + 1) * perSecond));
      const s = summary(Array.from(slice));
      progress(
        `  second ${second + 1}: room p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`,
      );
    }
  }

  loopDelay.disable();

  closing = true;
  for (const socket of sockets) socket.close();

  const count = (seen) => {
    let lost = 0;
    let duplicated = 0;
    for (let n = 0; n < sent; n++) {
      if (ackResult[n] !== undefined && ackResult[n] !== "ok") continue;
      if (seen[n] === 0) lost++;
      else if (seen[n] > 1) duplicated += seen[n] - 1;
    }
    return { lost, duplicated };
  };
  return {
    rooms,
    perSecond,
    seconds,
    warmUpSeconds,
    maxInFlight,
    planned: total,
    closedDuringRun,
    sent,
    sendSeconds,
    sentPerSecond: sent / sendSeconds,
    acked,
    refused,
    room: { ...summary(roomLatency), received: roomLatency.length, ...count(roomSeen) },
    channel: { ...summary(channelLatency), received: channelLatency.length, ...count(channelSeen) },
    ack: summary(ackLatency),
    clientDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
  };
}
