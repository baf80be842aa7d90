// Where an unfinished multipart upload is remembered across a reload or a dropped connection:
// IndexedDB, keyed by the file's fingerprint (its purpose, name, size and a hash of its first
// megabyte), holding only the upload's id, key and part size — never the file. Choosing the same
// file again finds it, and the Worker's list of stored parts tells what is left to send.
import type { IntroVideoUpload } from "@schema/api/intro-video";

const DATABASE = "dars-uploads";
const STORE = "uploads";
const HEAD_BYTES = 1024 * 1024;

export type RememberedUpload = IntroVideoUpload & { fingerprint: string; purpose: string; savedAt: string };

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "fingerprint" });
    request.onsuccess = () => resolve(request.result);
    // Private windows may refuse storage: the upload still works, it just cannot resume.
    request.onerror = () => resolve(null);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
  } finally {
    db.close();
  }
}

/** The file's fingerprint for `purpose`: the same file chosen again after a reload gives the same one. */
export async function fingerprintOf(file: Blob & { name?: string }, purpose: string): Promise<string> {
  const head = await file.slice(0, HEAD_BYTES).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", head));
  const hex = Array.from(digest.slice(0, 12), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${purpose}:${file.name ?? ""}:${file.size}:${hex}`;
}

export async function recallUpload(fingerprint: string): Promise<RememberedUpload | null> {
  return (await run<RememberedUpload | undefined>("readonly", (store) => store.get(fingerprint))) ?? null;
}

export async function rememberUpload(upload: RememberedUpload): Promise<void> {
  await run("readwrite", (store) => store.put(upload));
}

export async function forgetUpload(fingerprint: string): Promise<void> {
  await run("readwrite", (store) => store.delete(fingerprint));
}

/** The unfinished uploads of one purpose, newest first (the screen offers to resume or drop them). */
export async function unfinishedUploads(purpose: string): Promise<RememberedUpload[]> {
  const all = (await run<RememberedUpload[]>("readonly", (store) => store.getAll())) ?? [];
  return all
    .filter((upload) => upload.purpose === purpose)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
