import { TestEventStream } from '../test/event-stream.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A browser's live stream through the balancer, as EventSource keeps one: when the cloud ends it
 * (an instance stopping says `shutdown`) or the connection drops, it opens it again with the
 * last id it got as Last-Event-ID, and the cloud replays what came meanwhile. Records every
 * reading's timestamp it got, to find gaps.
 */
export class ResumingStream {
  /** Timestamps of the readings received, in arrival order (repeats kept). */
  readonly seen: number[] = [];
  reconnects = 0;
  /** Statuses other than 200 met when (re)opening, and whether a 503 had Retry-After. */
  readonly refused: string[] = [];
  private lastId: string | undefined;
  private stopping = false;
  private running: Promise<void> | undefined;
  private current: TestEventStream | undefined;
  private readonly url: string;
  private readonly authorization: string;

  constructor(url: string, authorization: string) {
    this.url = url;
    this.authorization = authorization;
  }

  /** Opens the stream; resolves once it is live (its `open` came). */
  async start(): Promise<void> {
    const opened = await this.open();
    if (!opened) throw new Error('the live stream could not be opened');
    await opened.take('open', 10_000);
    this.running = this.follow(opened);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.current?.close();
    await this.running;
  }

  private async open(): Promise<TestEventStream | undefined> {
    const headers: Record<string, string> = { authorization: this.authorization };
    if (this.lastId !== undefined) headers['last-event-id'] = this.lastId;
    try {
      const stream = await TestEventStream.open(this.url, headers);
      // A stream cut by the network ends its reading with an error: it is reopened all the same.
      stream.ended.catch(() => undefined);
      if (stream.status !== 200) {
        const retry = stream.headers.get('retry-after');
        this.refused.push(`${stream.status}${retry ? '' : ' without Retry-After'}`);
        stream.close();
        return undefined;
      }
      this.current = stream;
      return stream;
    } catch {
      this.refused.push('no answer');
      return undefined;
    }
  }

  private take(stream: TestEventStream): void {
    for (const message of stream.takeTimeslices()) {
      for (const item of message.items) this.seen.push(Number(item.ts));
      if (message.id !== undefined) this.lastId = message.id;
    }
  }

  private async follow(first: TestEventStream): Promise<void> {
    let stream: TestEventStream | undefined = first;
    while (!this.stopping) {
      if (stream) {
        while (!stream.closed && !this.stopping) {
          this.take(stream);
          await sleep(50);
        }
        this.take(stream);
        if (this.stopping) return;
      }
      // EventSource waits `retry` (2 s); sooner here, to keep the drill short.
      await sleep(250);
      this.reconnects++;
      stream = await this.open();
    }
  }
}
