import { useCallback, useEffect, useRef, useState } from "react";
import { deviceErrorKind, type DeviceErrorKind } from "./device-errors";
import { mediaConstraints, readDevicePrefs, writeDevicePrefs, type DevicePrefs } from "./presence";

export type DeviceLists = {
  cameras: MediaDeviceInfo[];
  mics: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
};
const noDevices: DeviceLists = { cameras: [], mics: [], speakers: [] };

/** Whether audio output can be chosen (HTMLMediaElement.setSinkId). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;

/** The camera and microphone stream of the ready screen and the call, with the device pickers. */
export function useLocalMedia() {
  const [prefs, setPrefs] = useState<DevicePrefs>(() => readDevicePrefs());
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<DeviceErrorKind | null>(null);
  const [pending, setPending] = useState(false);
  const [devices, setDevices] = useState<DeviceLists>(noDevices);
  const current = useRef<MediaStream | null>(null);
  /** Only the newest request's stream is kept; an older one that resolves late is stopped. */
  const generation = useRef(0);

  const listDevices = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices({
      cameras: all.filter((device) => device.kind === "videoinput"),
      mics: all.filter((device) => device.kind === "audioinput"),
      speakers: all.filter((device) => device.kind === "audiooutput"),
    });
  }, []);

  const acquire = useCallback(
    async (choice: DevicePrefs) => {
      const mine = ++generation.current;
      setPending(true);
      setError(null);
      current.current?.getTracks().forEach((track) => track.stop());
      current.current = null;
      setStream(null);
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw new DOMException("no media devices", "NotFoundError");
        const next = await navigator.mediaDevices.getUserMedia(mediaConstraints(choice));
        if (mine !== generation.current) {
          next.getTracks().forEach((track) => track.stop());
          return;
        }
        current.current = next;
        setStream(next);
        await listDevices();
      } catch (failure) {
        if (mine !== generation.current) return;
        setError(deviceErrorKind(failure));
        await listDevices().catch(() => undefined);
      } finally {
        if (mine === generation.current) setPending(false);
      }
    },
    [listDevices],
  );

  useEffect(() => {
    void acquire(readDevicePrefs());
    return () => {
      generation.current++;
      current.current?.getTracks().forEach((track) => track.stop());
      current.current = null;
    };
  }, [acquire]);

  /** Picks a device: remembered, and the stream restarts with it (not for the speaker). */
  const choose = useCallback(
    (kind: keyof DevicePrefs, deviceId: string) => {
      const next = { ...prefs, [kind]: deviceId };
      setPrefs(next);
      writeDevicePrefs(next);
      if (kind !== "speaker") void acquire(next);
    },
    [acquire, prefs],
  );

  const retry = useCallback(() => void acquire(prefs), [acquire, prefs]);

  return { stream, error, pending, devices, prefs, choose, retry };
}
