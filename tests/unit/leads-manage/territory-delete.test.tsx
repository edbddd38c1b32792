// Deleting a territory (lead groups, territories tab) is confirmed in the app's delete dialog, not the
// browser's confirm box: it names the territory, Cancel sends nothing, Delete sends the delete and
// closes once done; a refused delete stays in the dialog with the server's reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeadGroup } from '../../../src/contract/leads';
import { TerritoriesPanel } from '../../../src/features/leads/manage/territories-panel';
import { type Handler, json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

// The map is WebGL, which the test DOM has not; the panel's list and detail do not need it.
vi.mock('../../../src/features/leads/map-view', () => ({ default: () => null }));

const GROUP: LeadGroup = {
  LeadGroupID: 4,
  Name: 'West End',
  DivisionID: 2,
  IcdCorporationID: 1,
  IcdCorporationName: 'Apex Field Ltd.',
  IsActive: true,
  Geographies: [],
  LeadsCount: 12,
  Version: 1,
};
const TERRITORY = {
  TerritoryID: 9,
  LeadGroupID: 4,
  Name: 'Little Italy',
  Color: '#1c7ed6',
  Polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [-79.42, 43.65],
        [-79.41, 43.65],
        [-79.41, 43.66],
        [-79.42, 43.65],
      ],
    ],
  },
  CurrentOffice: null,
  Version: 2,
};
const DELETE = '/api/territories/9';

async function openDelete(answer: Handler = () => new Response(null, { status: 204 })) {
  const app = await renderApp(<TerritoriesPanel group={GROUP} />, {
    grants: ['leads:manage'],
    routes: {
      'GET /api/lead-groups/4/territories': () => json([TERRITORY]),
      'GET /api/lead-office-teams': () => json([]),
      'GET /api/territories-office-history': () => json([]),
      'GET /api/territory-office-history': () => json([]),
      [`DELETE ${DELETE}`]: answer,
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Little Italy' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the territory' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this territory?' });
  return { ...app, dialog };
}

describe('territories, delete', () => {
  it('asks in the app dialog, naming the territory; Cancel sends nothing', async () => {
    const { dialog, server } = await openDelete();
    expect(
      within(dialog).getByText('Delete the territory Little Italy? Its leads stay in the group.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', DELETE)).toHaveLength(0);
  });

  it('deletes and closes once done', async () => {
    const { dialog, server } = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the territory' }));
    await waitFor(() => expect(server.callsTo('DELETE', DELETE)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a refused delete in the dialog, with the reason', async () => {
    const { dialog } = await openDelete(() =>
      json({ Message: 'The territory has leads being worked today.' }, 422),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the territory' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'The territory has leads being worked today.',
      ),
    );
  });
});
