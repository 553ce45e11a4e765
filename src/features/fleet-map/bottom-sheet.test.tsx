import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BottomSheet } from './bottom-sheet.tsx';

function Sheet() {
  const [expanded, setExpanded] = useState(false);
  return (
    <MantineProvider env="test">
      <BottomSheet
        label="Nodes"
        handleLabel={expanded ? 'Hide the list' : 'Show the list'}
        expanded={expanded}
        onExpanded={setExpanded}
        top={<p>Card of Van 01</p>}
      >
        <p>The list</p>
      </BottomSheet>
    </MantineProvider>
  );
}

describe('the Fleet map’s bottom sheet on a phone', () => {
  beforeAll(() => {
    // jsdom has no pointer capture; the sheet asks for it so that a drag off the handle ends.
    HTMLElement.prototype.setPointerCapture ??= () => undefined;
  });

  it('opens and closes by tap, Enter, Space and the arrow keys, saying which it is', async () => {
    const user = userEvent.setup();
    render(<Sheet />);
    const handle = screen.getByRole('button', { name: 'Show the list' });
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('The list')).not.toBeVisible();
    expect(screen.getByText('Card of Van 01')).toBeVisible();

    await user.click(handle);
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    expect(handle).toHaveAccessibleName('Hide the list');
    expect(screen.getByText('The list')).toBeVisible();

    handle.focus();
    await user.keyboard('{Enter}');
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Nodes' })).toContainElement(handle);
  });

  it('opens when dragged up and closes when dragged down; a drag is not also a tap', () => {
    render(<Sheet />);
    const handle = screen.getByRole('button', { name: 'Show the list' });
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(handle, { clientY: from, pointerId: 1 });
      fireEvent.pointerUp(handle, { clientY: to, pointerId: 1 });
      fireEvent.click(handle);
    };
    drag(700, 400);
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    drag(400, 420);
    // 20 px is a tap, which toggles.
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    drag(400, 100);
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    drag(100, 600);
    expect(handle).toHaveAttribute('aria-expanded', 'false');
  });
});
