import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreferencesPage from '../../../src/features/preferences/preferences-page';
import { type Handler, json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const FEATURES = [
  { Feature: 'LeadHeatmap', Option: 'enabled', Description: 'Colour the map by lead density' },
  { Feature: 'LegacyGrid', Option: 'disabled' },
  { Feature: 'QuickClock', Option: 'optional', Description: 'Clock in from the home page' },
  { Feature: 'DarkMap', Option: 'optIn' },
];

const renderPage = (routes: Record<string, Handler | Handler[]>) =>
  renderApp(<PreferencesPage />, { routes });

const featureRow = (name: string) => document.querySelector(`[data-feature="${name}"]`) as HTMLElement;
/** A feature's words when the locale files do not name it ('LeadHeatmap' → 'Lead heatmap'). */
const WORDS: Record<string, string> = {
  LeadHeatmap: 'Lead heatmap',
  LegacyGrid: 'Legacy grid',
  QuickClock: 'Quick clock',
  DarkMap: 'Dark map',
};
const featureSwitch = (name: string) =>
  screen.getByRole('switch', { name: `Use ${WORDS[name]}` }) as HTMLInputElement;

describe('PreferencesPage', () => {
  it('shows a loading state while the features load', async () => {
    await renderPage({
      'GET /api/app/features': () => new Promise<Response>(() => {}),
      'GET /api/employees/betaopt': () => new Promise<Response>(() => {}),
    });
    expect(await screen.findByRole('status', { name: 'Loading features…' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading beta participation…' })).toBeTruthy();
  });

  it('lists each feature with its state; fixed ones have a disabled switch', async () => {
    await renderPage({
      'GET /api/app/features': () => json(FEATURES),
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
    });
    await screen.findByText('Lead heatmap');
    expect(screen.getByText('Colour the map by lead density')).toBeTruthy();

    expect(within(featureRow('LeadHeatmap')).getByText('Always on')).toBeTruthy();
    expect(featureSwitch('LeadHeatmap').checked).toBe(true);
    expect(featureSwitch('LeadHeatmap').disabled).toBe(true);

    expect(within(featureRow('LegacyGrid')).getByText('Always off')).toBeTruthy();
    expect(featureSwitch('LegacyGrid').checked).toBe(false);
    expect(featureSwitch('LegacyGrid').disabled).toBe(true);

    expect(within(featureRow('QuickClock')).getByText('No preference')).toBeTruthy();
    expect(featureSwitch('QuickClock').checked).toBe(false);
    expect(featureSwitch('QuickClock').disabled).toBe(false);

    expect(within(featureRow('DarkMap')).getByText('On')).toBeTruthy();
    expect(featureSwitch('DarkMap').checked).toBe(true);
  });

  it('switches a feature between optIn and optOut and keeps the choice in sessionStorage', async () => {
    await renderPage({
      'GET /api/app/features': () => json(FEATURES),
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
    });
    await screen.findByText('Quick clock');
    fireEvent.click(featureSwitch('QuickClock'));
    await waitFor(() => expect(within(featureRow('QuickClock')).getByText('On')).toBeTruthy());
    expect(featureSwitch('QuickClock').checked).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('apex.features:/api/')!)).toEqual({ QuickClock: 'optIn' });

    fireEvent.click(featureSwitch('QuickClock'));
    await waitFor(() => expect(within(featureRow('QuickClock')).getByText('Off')).toBeTruthy());
    expect(JSON.parse(sessionStorage.getItem('apex.features:/api/')!)).toEqual({ QuickClock: 'optOut' });

    // a fixed feature does not change
    fireEvent.click(featureSwitch('LeadHeatmap'));
    expect(within(featureRow('LeadHeatmap')).getByText('Always on')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('apex.features:/api/')!)).toEqual({ QuickClock: 'optOut' });
  });

  it('is titled like its menu entry and names the features in words, never by their keys', async () => {
    await renderPage({
      'GET /api/app/features': () =>
        json([
          { Feature: 'darkMode', Option: 'optOut', Description: 'Dark colour scheme' },
          { Feature: 'compactTables', Option: 'optIn', Description: 'Denser tables on desktop screens' },
          { Feature: 'offlineMaps', Option: 'enabled' },
          { Feature: 'legacyReports', Option: 'disabled' },
        ]),
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    await screen.findByText('Dark mode');
    for (const [key, label, description] of [
      ['darkMode', 'Dark mode', 'Light text on a dark background.'],
      ['compactTables', 'Compact tables', 'Denser tables, so more rows fit on a desktop screen.'],
      [
        'offlineMaps',
        'Offline maps',
        'Keep map tiles on this device so the leads map works without a connection.',
      ],
      ['legacyReports', 'Previous reports', 'The reports screens as they were before.'],
    ]) {
      const row = featureRow(key);
      expect(within(row).getByText(label)).toBeTruthy();
      expect(within(row).getByText(description)).toBeTruthy();
      expect(row.textContent).not.toContain(key);
      expect(within(row).getByRole('switch', { name: `Use ${label}` })).toBeTruthy();
    }
  });

  it('says so when there are no features', async () => {
    await renderPage({
      'GET /api/app/features': () => json([]),
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
    });
    expect(await screen.findByText('There are no features to choose from.')).toBeTruthy();
  });

  it('shows an error with the server message, and retries', async () => {
    const { server } = await renderPage({
      'GET /api/app/features': [
        () => json({ Message: 'The server could not complete the request.' }, 500),
        () => json(FEATURES),
      ],
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The features could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The server could not complete the request.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lead heatmap')).toBeTruthy();
    expect(server.callsTo('GET', '/api/app/features')).toHaveLength(2);
  });

  it('shows and saves beta participation with GET/PUT employees/betaopt', async () => {
    const { server } = await renderPage({
      'GET /api/app/features': () => json([]),
      'GET /api/employees/betaopt': () => json({ betaOpt: false }),
      'PUT /api/employees/betaopt': () => json(true),
    });
    const beta = (await screen.findByRole('switch', {
      name: /Take part in the beta program/,
    })) as HTMLInputElement;
    expect(beta.checked).toBe(false);
    fireEvent.click(beta);
    await waitFor(() => expect(server.callsTo('PUT', '/api/employees/betaopt')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('PUT', '/api/employees/betaopt')[0].body))).toEqual({
      betaOpt: true,
    });
    await waitFor(() => expect(beta.checked).toBe(true));
    expect(beta.disabled).toBe(false);
  });

  it('alerts when saving beta participation fails and shows the saved value again', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage({
      'GET /api/app/features': () => json([]),
      'GET /api/employees/betaopt': () => json({ betaOpt: true }),
      'PUT /api/employees/betaopt': () => json({ Message: 'Not allowed for proxies.' }, 403),
    });
    const beta = (await screen.findByRole('switch', {
      name: /Take part in the beta program/,
    })) as HTMLInputElement;
    expect(beta.checked).toBe(true);
    fireEvent.click(beta);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Beta participation could not be saved: Not allowed for proxies.',
        }),
      ),
    );
    await waitFor(() => expect(beta.checked).toBe(true));
  });

  it('shows an error when beta participation cannot be loaded', async () => {
    await renderPage({
      'GET /api/app/features': () => json([]),
      'GET /api/employees/betaopt': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Beta participation could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The connection was reset or blocked')).toBeTruthy();
  });
});
