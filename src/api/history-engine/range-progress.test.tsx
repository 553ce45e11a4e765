import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Progress } from '../../lib/history-store/protocol.ts';
import type { EngineClient, ProgressListener } from './engine-client.ts';
import { HistoryEngineContext } from './engine-context.ts';
import {
  useEngineAnswer,
  useRangeHistory,
  useRangeProgress,
  type RangeHistory,
} from './use-range-history.ts';

const DAY = 86_400_000;
const range = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 31) };

/** An engine whose progress the test gives, one day at a time. */
function steppedEngine() {
  let listener: ProgressListener = () => undefined;
  const engine: EngineClient = {
    open: (_key, _channel, _range, onProgress) => {
      listener = onProgress;
      return () => undefined;
    },
    cancel: vi.fn(),
    resume: vi.fn(),
    query: vi.fn(() => Promise.resolve({ kind: 'summary', sensors: [], nodes: [] })),
    append: vi.fn(),
    reset: vi.fn(),
  } as EngineClient;
  const days = Math.round((range.to - range.from) / DAY);
  const emit = (done: number, status: Progress['status'] = 'loading') =>
    act(() =>
      listener({
        status,
        loaded: Array.from({ length: days }, (_, i) => i < done),
        messages: done * 24_000,
        version: done,
      }),
    );
  return { engine, emit, days };
}

function wrap(engine: EngineClient, children: ReactNode) {
  const client = new QueryClient();
  return (
    <QueryClientProvider client={client}>
      <HistoryEngineContext.Provider value={engine}>{children}</HistoryEngineContext.Provider>
    </QueryClientProvider>
  );
}

function Progressed({ history }: { history: RangeHistory }) {
  const { done, messages } = useRangeProgress(history, (p) => p);
  return <p role="status">{`${done} days, ${messages} messages`}</p>;
}

function Summary({ history }: { history: RangeHistory }) {
  const answer = useEngineAnswer(history, { kind: 'summary' });
  return <section aria-label="summary" aria-busy={!answer.settled} />;
}

describe('a range loading day by day', () => {
  it('renders what shows the progress for each day, and not the page around it', () => {
    const { engine, emit, days } = steppedEngine();
    let pageRenders = 0;
    function Page() {
      const history = useRangeHistory('cold-chain', range);
      pageRenders++;
      return <Progressed history={history} />;
    }
    render(wrap(engine, <Page />));
    const before = pageRenders;
    for (let done = 1; done <= days; done++) emit(done);
    expect(screen.getByRole('status')).toHaveTextContent(`${days} days, ${days * 24_000} messages`);
    expect(pageRenders).toBe(before);
  });

  it('gives a view a few answers while days arrive, the last once they stopped, busy till then', async () => {
    const { engine, emit, days } = steppedEngine();
    function Page() {
      const history = useRangeHistory('cold-chain', range);
      return <Summary history={history} />;
    }
    render(wrap(engine, <Page />));
    const summary = screen.getByRole('region', { name: 'summary' });
    for (let done = 1; done < days; done++) emit(done);
    // Days still arriving: no answer is the range's yet.
    expect(summary).toHaveAttribute('aria-busy', 'true');
    emit(days, 'done');
    await waitFor(() => expect(summary).toHaveAttribute('aria-busy', 'false'));
    // Thirty days emitted within a second: the first (at once) and the last, not thirty.
    expect(vi.mocked(engine.query).mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('answers a range the engine already holds, whose whole progress comes as it is opened', async () => {
    const { engine, days } = steppedEngine();
    const held: Progress = {
      status: 'done',
      loaded: Array.from({ length: days }, () => true),
      messages: days * 24_000,
      version: days,
    };
    const opened: EngineClient = {
      ...engine,
      open: (_key, _channel, _range, onProgress) => {
        onProgress(held);
        return () => undefined;
      },
    };
    // As the history page does: the range and a view of it in one component.
    function Page() {
      const history = useRangeHistory('cold-chain', range);
      const answer = useEngineAnswer(history, { kind: 'summary' });
      return <section aria-label="summary" aria-busy={!answer.settled} />;
    }
    render(wrap(opened, <Page />));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'summary' })).toHaveAttribute('aria-busy', 'false'),
    );
  });
});
