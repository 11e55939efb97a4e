// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nTestProvider, loadTestMessages } from '../lib/i18n/i18n-test-provider.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

beforeAll(() => loadTestMessages('en'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  render(
    <I18nTestProvider>
      <MemoryRouter initialEntries={[path]}>
        <Link to="/fine">elsewhere</Link>
        <RouteErrorBoundary inShell>
          <Routes>
            <Route path="/broken" element={<Broken message="the table exploded" />} />
            <Route path="/chunk" element={<Broken message="Failed to fetch dynamically imported module: /assets/x.js" />} />
            <Route path="/fine" element={<p>all good</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>
    </I18nTestProvider>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows a readable error instead of a blank page, and clears it on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(screen.getByRole('alert').textContent).toContain('the table exploded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    screen.getByRole('link', { name: 'elsewhere' }).click();
    expect(await screen.findByText('all good')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the page could not be loaded when its chunk failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/chunk');
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
  });
});
