import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from './i18n.ts';
import { tNodes } from './t-nodes.ts';

const explanation = () => tNodes('config.explanation', { code: (chunks) => <code>{chunks}</code> });

describe('messages with markup', () => {
  it('put components where the message marks them, in each language', () => {
    const { unmount } = render(<p>{explanation()}</p>);
    expect(screen.getByText('/config.json').tagName).toBe('CODE');
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^The console reads its settings/);
    unmount();
    applyLanguage('nl', ['nl-NL']);
    render(<p>{explanation()}</p>);
    expect(screen.getByText('/config.json').tagName).toBe('CODE');
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^De console leest zijn instellingen/);
  });
});
