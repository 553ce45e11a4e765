import { ApiError } from './errors.ts';

/**
 * Why a request from this page failed without an answer, where the browser lets us tell:
 *
 * - this page's Content-Security-Policy forbade connecting (connect-src): the browser fires a
 *   `securitypolicyviolation` event naming the address, which is watched from the start;
 * - the server answered but did not allow this origin to read the answer (CORS): the same address
 *   then answers a `no-cors` request, whose opaque answer the browser does hand over;
 * - otherwise the server is out of reach (down, no network, wrong address).
 *
 * A browser never says "CORS" to a script, so the middle case is an inference: it holds when the
 * server answered a plain GET just now.
 */
const refusedByPolicy = new Set<string>();
const waiting = new Set<() => void>();
/**
 * Chromium fires the violation a few milliseconds after the fetch has failed; a failure waits
 * this long for one before it is taken for an outage.
 */
const VIOLATION_WAIT_MS = 300;

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** Starts watching this page's policy violations; called once, before the first request. */
export function watchPolicyViolations(target: EventTarget = document): void {
  target.addEventListener('securitypolicyviolation', (event) => {
    const violation = event as SecurityPolicyViolationEvent;
    if (!/^connect-src|^default-src/.test(violation.effectiveDirective)) return;
    const origin = originOf(violation.blockedURI);
    if (origin === null) return;
    refusedByPolicy.add(origin);
    for (const wake of waiting) wake();
  });
}

/** Whether this page's policy refused `origin`, now or within `withinMs`. */
function refusedByPolicyWithin(origin: string, withinMs: number): Promise<boolean> {
  if (refusedByPolicy.has(origin) || withinMs <= 0) {
    return Promise.resolve(refusedByPolicy.has(origin));
  }
  return new Promise((resolve) => {
    const finish = (refused: boolean) => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve(refused);
    };
    const wake = () => {
      if (refusedByPolicy.has(origin)) finish(true);
    };
    const timer = setTimeout(() => finish(false), withinMs);
    waiting.add(wake);
  });
}

/** Forgets what was seen (tests). */
export function forgetPolicyViolations(): void {
  refusedByPolicy.clear();
}

/**
 * Whose request failed: the cloud, or the sign-in service of the OpenID client `clientId`. Data,
 * not words: the history worker builds these failures too, and it knows no language.
 */
export type FailedService = { service: 'cloud' } | { service: 'signIn'; clientId: string };

const CLOUD: FailedService = { service: 'cloud' };

/**
 * The error to show for a request to `address` that failed without an answer. `probe` is a plain
 * GET that needs no credentials on the same server (the cloud's ping, the provider's discovery).
 * Its `words` say why in the page's language (say()); its message is the same for developers, in
 * a log or the technical details.
 */
export async function explainFailure(
  address: string,
  probe: string,
  failed: FailedService = CLOUD,
  // `globalThis`: the history engine sends requests from a worker, which has no window.
  pageOrigin: string = globalThis.location.origin,
): Promise<ApiError> {
  const origin = originOf(address) ?? address;
  let answered = false;
  if (origin !== pageOrigin) {
    try {
      await fetch(probe, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
      answered = true;
    } catch {
      // Out of reach too, or refused by the policy (seen below).
    }
  }
  const clientId = failed.service === 'signIn' ? failed.clientId : '';
  // A server that answered the probe was not refused by the policy; otherwise wait for the event.
  if (await refusedByPolicyWithin(origin, answered ? 0 : VIOLATION_WAIT_MS)) {
    return new ApiError(0, 'BLOCKED', `connect-src of this page refuses ${origin}`, undefined, {
      id: 'connection.policy',
      values: { origin },
    });
  }
  if (answered) {
    return new ApiError(
      0,
      'BLOCKED',
      `${origin} answered without allowing ${pageOrigin} (CORS)`,
      undefined,
      { id: 'connection.cors', values: { service: failed.service, origin, pageOrigin, clientId } },
    );
  }
  return new ApiError(0, 'NETWORK', `no answer from ${origin}`, undefined, {
    id: 'connection.down',
    values: { service: failed.service },
  });
}
