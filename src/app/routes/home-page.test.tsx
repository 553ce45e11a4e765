import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './home-page.tsx';

function open(permissions: Record<string, readonly string[]>) {
  fakeCloud(() => json({}));
  renderPage(<Component />, permissions as never, {
    path: '/',
    url: '/',
    routes: [
      { path: '/fleet', element: <p>fleet page</p> },
      { path: '/channels', element: <p>channels page</p> },
    ],
  });
}

describe('the first page', () => {
  it('is the channel list for a person without history (support), not a map that can only refuse', async () => {
    open({ 'demo:assets': ['READ'], 'demo:groups': ['READ'] });
    expect(await screen.findByText('channels page')).toBeVisible();
  });

  it('is the fleet map for a person who may read history', async () => {
    open({ 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] });
    expect(await screen.findByText('fleet page')).toBeVisible();
  });
});
