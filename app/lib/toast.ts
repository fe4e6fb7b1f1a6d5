/**
 * Toasts: one at a time, bottom right, light theme. The toast library and its
 * host are loaded on the first toast, so pages that never toast never
 * download them.
 */
type Variant = "success" | "error" | "info";
type ToastRequest = { title: string; description?: string; variant?: Variant };

let hostReady: Promise<void> | null = null;
let mountHost: (() => void) | null = null;
let resolveHost: (() => void) | null = null;

/** Called by the ToastHost component: how to mount the host, and when it is up. */
export function registerToastHost(mount: () => void): void {
  mountHost = mount;
  // A toast asked for before the host registered (a page effect runs first).
  if (hostReady) mount();
}

export function toastHostMounted(): void {
  resolveHost?.();
}

function ensureHost(): Promise<void> {
  hostReady ??= new Promise<void>((resolve) => {
    resolveHost = resolve;
    mountHost?.();
  });
  return hostReady;
}

export async function notify(title: string, options: { description?: string; variant?: Variant } = {}): Promise<void> {
  const request: ToastRequest = { title, ...options };
  const [{ toast }] = await Promise.all([import("sonner"), ensureHost()]);
  const show = request.variant === "success" ? toast.success : request.variant === "error" ? toast.error : toast;
  show(request.title, { description: request.description });
}
