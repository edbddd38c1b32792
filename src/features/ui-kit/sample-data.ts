// Sample data of the UI kit page: shaped like what the API returns, so each widget shows the way it
// will in the product.
import type { ActivityStep } from '../../ui/activity-stepper';
import type { AddressLike } from '../../ui/address-snippet';
import type { DataGridColumn, DataGridRow } from '../../ui/data-grid';

export const SAMPLE_STEPS: ActivityStep[] = [
  {
    id: 1,
    title: 'Application created',
    date: '2025-03-03T09:12:00',
    color: 'gray',
    creatorName: 'Priya Natarajan',
    description: 'Created from the recruiting event in Mississauga.',
  },
  {
    id: 2,
    title: 'Documents submitted',
    date: '2025-03-04T15:05:00',
    color: 'blue',
    creatorName: 'Marc Tremblay',
    description: '',
  },
  {
    id: 3,
    title: 'Review required',
    date: '2025-03-05T11:40:00',
    color: 'orange',
    creatorName: 'Jo Chen',
    description: 'Void cheque is unreadable; asked for a new scan.',
    expanded: true,
  },
  { id: 4, title: 'Approved', date: '2025-03-07T08:00:00', color: 'teal', creatorName: 'Jo Chen' },
];

export const SAMPLE_ADDRESSES: { id: string; address: AddressLike }[] = [
  {
    id: 'toronto',
    address: {
      StreetLine1: '100 King St W',
      StreetLine2: '2300',
      City: 'Toronto',
      StateProvince: { StateName: 'Ontario' },
      PostalCode: 'M5X 1A9',
      Country: { CountryName: 'Canada', CountryID: 2 },
    },
  },
  {
    id: 'austin',
    address: {
      StreetLine1: '500 Congress Ave',
      City: 'Austin',
      StateName: 'Texas',
      PostalCode: '78701',
      CountryName: 'United States',
      CountryID: 1,
    },
  },
  { id: 'incomplete', address: { StreetLine1: '12 Unknown Rd', City: 'Springfield' } },
];

export const SAMPLE_MODULES_SAVED = [
  { Key: 'payroll', Text: 'Payroll', Id: 4 },
  { Key: 'time-entry', Text: 'Time entry', Id: 2 },
];

export const SAMPLE_MODULES_CANDIDATES = [
  { Key: 'payroll', Text: 'Payroll' },
  { Key: 'leads', Text: 'Leads' },
  { Key: 'reports', Text: 'Reports' },
  { Key: 'invoicing', Text: 'Invoicing' },
];

export const SAMPLE_HUES = [
  { hue: 0, label: 'Not interested' },
  { hue: 30, label: 'Call back' },
  { hue: 55, label: 'No answer' },
  { hue: 130, label: 'Sold' },
  { hue: 200, label: 'New' },
  { hue: 275, label: 'Declared' },
];

export const SAMPLE_OFFICES = [
  'Toronto',
  'Montréal',
  'Vancouver',
  'Calgary',
  'Halifax',
  'Winnipeg',
  'Chicago',
  'Dallas',
  'Seattle',
];

export const SAMPLE_LEADS = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  name: `Lead #${String(i + 1).padStart(3, '0')}`,
  city: SAMPLE_OFFICES[i % SAMPLE_OFFICES.length],
}));

/** Column titles are translation keys (ui.kit.columns.*). */
export const SAMPLE_GRID_COLUMNS: (Omit<DataGridColumn, 'title'> & { titleKey: string })[] = [
  { key: 'rep', titleKey: 'ui.kit.columns.rep', width: 160 },
  { key: 'office', titleKey: 'ui.kit.columns.office', width: 140 },
  { key: 'sales', titleKey: 'ui.kit.columns.sales', align: 'right', width: 90 },
  { key: 'hours', titleKey: 'ui.kit.columns.hours', align: 'right', width: 90 },
  { key: 'id', titleKey: 'ui.kit.columns.id', editable: false, width: 80 },
];

export const SAMPLE_GRID_ROWS: DataGridRow[] = [
  { id: 'E-101', rep: 'Ana Souza', office: 'Toronto', sales: '12', hours: '38.5' },
  { id: 'E-102', rep: 'Ben Okafor', office: 'Calgary', sales: '7', hours: '40' },
  { id: 'E-103', rep: 'Chloé Gagnon', office: 'Montréal', sales: '9', hours: '36' },
  { id: 'E-104', rep: 'Dev Patel', office: 'Vancouver', sales: '15', hours: '44' },
  { id: 'E-105', rep: 'Emma Walsh', office: 'Halifax', sales: '4', hours: '22.5' },
  { id: 'E-106', rep: 'Frank Ruiz', office: 'Dallas', sales: '11', hours: '41' },
];
