import { EventSourceParserStream } from 'eventsource-parser/stream';

export interface StreamMessage {
  event: string;
  id: string | undefined;
  data: unknown;
}

/**
 * A live stream read as a client reads it: fetch over real HTTP, the body parsed as Server-Sent
 * Events. `take` waits (bounded) for the next message of a kind; heartbeats are kept apart.
 */
export class TestEventStream {
  readonly status: number;
  readonly headers: Headers;
  /** Messages not taken yet, in arrival order (heartbeats excluded). */
  readonly pending: StreamMessage[] = [];
  readonly heartbeats: StreamMessage[] = [];
  /** Resolves when the cloud closes the stream (or it is closed here). */
  readonly ended: Promise<void>;
  private readonly controller: AbortController;
  private wake: (() => void) | undefined;
  private done = false;

  private constructor(response: Response, controller: AbortController) {
    this.status = response.status;
    this.headers = response.headers;
    this.controller = controller;
    this.ended = this.read(response).finally(() => {
      this.done = true;
      this.wake?.();
    });
  }

  static async open(url: string, headers: Record<string, string>): Promise<TestEventStream> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    return new TestEventStream(response, controller);
  }

  get closed(): boolean {
    return this.done;
  }

  /** The next message of kind `event` (skipping none of another kind: they stay pending). */
  async take(event: string, timeoutMs = 5_000): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.pending.findIndex((message) => message.event === event);
      if (index >= 0) return this.pending.splice(index, 1)[0] as StreamMessage;
      if (this.done) throw new Error(`the stream ended without a "${event}" message`);
      const left = deadline - Date.now();
      if (left <= 0) {
        const kinds = this.pending.map((message) => message.event).join(', ') || 'none';
        throw new Error(`no "${event}" message within ${timeoutMs} ms (pending: ${kinds})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Every timeslice of the `timeslices` messages pending now, taking them. */
  takeTimeslices(): { id: string | undefined; items: Record<string, unknown>[] }[] {
    const taken: { id: string | undefined; items: Record<string, unknown>[] }[] = [];
    for (let i = 0; i < this.pending.length;) {
      const message = this.pending[i] as StreamMessage;
      if (message.event !== 'timeslices') {
        i++;
        continue;
      }
      this.pending.splice(i, 1);
      taken.push({ id: message.id, items: message.data as Record<string, unknown>[] });
    }
    return taken;
  }

  close(): void {
    this.controller.abort();
  }

  private async read(response: Response): Promise<void> {
    if (!response.body) return;
    const messages = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    try {
      for await (const message of messages) {
        let data: unknown = message.data;
        try {
          data = JSON.parse(message.data);
        } catch {
          // kept as text
        }
        const parsed = { event: message.event ?? 'message', id: message.id, data };
        if (parsed.event === 'heartbeat') this.heartbeats.push(parsed);
        else this.pending.push(parsed);
        this.wake?.();
      }
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
    }
  }
}
