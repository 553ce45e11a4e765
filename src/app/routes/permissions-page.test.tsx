import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './permissions-page.tsx';

const admin = {
  'demo:assets': ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION'],
  'demo:assets.history': ['READ'],
  'demo:groups': ['READ', 'CREATE', 'UPDATE', 'DELETE'],
  'demo:groups.history': ['READ'],
  'acme:assets': ['READ'],
  'acme:groups': ['READ'],
} as const;

describe('the permissions summary', () => {
  it('says "Yes" only to what every tenant allows, and where the rest is allowed', async () => {
    fakeCloud(() => json({}));
    renderPage(<Component />, admin);
    const summary = await screen.findByRole('region', { name: 'In this console you can' });
    const line = (action: string) =>
      within(summary).getByText(action, { exact: false }).closest('li');
    expect(line('See nodes, sensors and gateways')).toHaveTextContent(/^✓ Yes/);
    expect(line('Edit properties and push of nodes and sensors')).toHaveTextContent(
      '◐ Only in demoEdit properties and push of nodes and sensors — elsewhere your role does not allow editing nodes and sensors in tenant acme',
    );
    expect(line('Decommission nodes')).toHaveTextContent(/^◐ Only in demo/);
    expect(line('Read the history of groups')).toHaveTextContent(
      /your role does not allow reading the history of groups in tenant acme/,
    );
    expect(within(summary).getAllByText(/✓ Yes/)).toHaveLength(4);
  });
});
