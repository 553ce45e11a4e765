/** Resolves after the next frame has been painted. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => afterPaint(resolve)));
}

/** Called in a frame's requestAnimationFrame: runs `then` in the first task after that frame's paint. */
function afterPaint(then: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => then();
  channel.port2.postMessage(0);
}

/**
 * Resolves once the first frame in which `ready()` holds has been painted. `ready` is checked in
 * each frame's requestAnimationFrame, after the callbacks registered before it (a canvas layer's
 * redraw), so the frame that shows the data is the one counted, not the frame after it.
 */
export function paintedWhen(ready: () => boolean, maxFrames = 600): Promise<void> {
  return new Promise((resolve, reject) => {
    let frames = 0;
    const check = () => {
      if (ready()) afterPaint(resolve);
      else if (++frames >= maxFrames) reject(new Error('never shown'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Runs `work` in a task of its own, as a network answer would arrive. */
export function inNewTask<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => work().then(resolve, reject);
    channel.port2.postMessage(0);
  });
}

/** Collects the garbage of data generation, so no case pays for it (needs --expose-gc). */
export function collectGarbage(): void {
  (window as unknown as { gc?: () => void }).gc?.();
}

const frameStart = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/**
 * Resolves once frames come at a steady pace again (three in a row within 25 ms of each other),
 * so that what the previous sample left behind (its teardown, the compositor catching up with
 * thousands of removed elements) is not timed with the next one. Gives up after 120 frames.
 */
export async function settle(): Promise<void> {
  let last = await frameStart();
  let steady = 0;
  for (let i = 0; i < 120 && steady < 3; i++) {
    const now = await frameStart();
    steady = now - last < 25 ? steady + 1 : 0;
    last = now;
  }
}
