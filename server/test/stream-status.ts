import type { TestCloud } from './harness.ts';

/**
 * A live stream's answer through inject, which never ends a stream that opened: 200 once the
 * cloud holds one more stream (then the request is let go, and the cloud gives its place back),
 * else the refusal's status and JSON body. Bounded at 5 s.
 */
export async function streamAnswer(
  cloud: TestCloud,
  url: string,
  query: Record<string, string>,
  headers: Record<string, string>,
): Promise<{ status: number; json?: unknown }> {
  const before = cloud.services.live.size;
  const controller = new AbortController();
  const search = new URLSearchParams(query).toString();
  const answer = cloud.app
    .inject({
      method: 'GET',
      url: search ? `${url}?${search}` : url,
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    })
    .then((response) => {
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, json };
    });
  const deadline = Date.now() + 5_000;
  for (;;) {
    const settled = await Promise.race([
      answer,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10)),
    ]);
    if (settled !== undefined) return settled;
    if (cloud.services.live.size > before) break;
    if (Date.now() > deadline) throw new Error('the stream neither opened nor was refused in 5 s');
  }
  controller.abort();
  await answer.catch(() => undefined);
  // Its place is given back when the cloud has seen it go (bounded).
  for (let i = 0; i < 500 && cloud.services.live.size > before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { status: 200 };
}
