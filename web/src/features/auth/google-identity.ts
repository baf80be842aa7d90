/** The slice of Google Identity Services (https://developers.google.com/identity/gsi/web/reference/js-reference) we use. */
export type GoogleCredentialResponse = { credential: string; select_by?: string };

type GoogleAccountsId = {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: "popup";
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: "standard";
      theme?: "outline";
      size?: "large";
      text?: "signin_with" | "continue_with";
      width?: number;
      locale?: string;
    },
  ): void;
};

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const scriptUrl = "https://accounts.google.com/gsi/client";
let loading: Promise<GoogleAccountsId> | null = null;

/** Loads the Google script once, and only when a client id is configured. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  if (window.google?.accounts.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.google?.accounts.id
        ? resolve(window.google.accounts.id)
        : reject(new Error("Google Identity Services missing"));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Google Identity Services failed to load"));
    };
    document.head.append(script);
  });
  return loading;
}
