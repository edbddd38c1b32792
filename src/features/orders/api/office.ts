// The office's orders queries and changes (online only): the catalogue (programs, retailers, products,
// product lines), the work orders grid (filtered, sorted, paged), one work order with its status
// history, commission pieces and adjustments, the division's product order statuses, the bulk status
// change (all or nothing), adjustments, the work-order update alert, bulk create and claims.
// A stale Version answers 409 with the current record.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import {
  type AdjustmentSave,
  type AdjustmentUpdate,
  type EmployeeClaims,
  ManualClaimPage,
  type ManualClaimQuery,
  type ManualClaimResolve,
  Product,
  ProductLine,
  type ProductLineUpdate,
  ProductOrder,
  ProductOrderAdjustment,
  ProductOrderStatus,
  type ProductUpdate,
  Program,
  Retailer,
  type StatusChange,
  WorkOrder,
  type WorkOrderBulk,
  WorkOrderDetail,
  WorkOrderPage,
  type WorkOrderPatch,
  type WorkOrderQuery,
  WorkOrderUpdateAlertResult,
} from '../../../contract/orders';

export const ORDERS_KEY = ['orders', 'office'] as const;
const LOOKUP_STALE = 5 * 60_000;

/** Drops unset filters so the query string carries only what the user chose. */
export function compactQuery(query: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Record<string, string | number>;
}

// ---- catalogue --------------------------------------------------------------------------------------

export function usePrograms(divisionID?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'programs', divisionID ?? null],
    queryFn: ({ signal }) =>
      api.get('programs', {
        signal,
        query: compactQuery({ divisionID, includeInactive: 'true' }),
        schema: z.array(Program),
      }),
    staleTime: LOOKUP_STALE,
  });
}

export function useRetailers(divisionID?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'retailers', divisionID ?? null],
    queryFn: ({ signal }) =>
      api.get('retailers', {
        signal,
        query: compactQuery({ divisionID, includeInactive: 'true' }),
        schema: z.array(Retailer),
      }),
    staleTime: LOOKUP_STALE,
  });
}

export function useProducts(query: { divisionID?: number; rogersCategoryID?: number; search?: string }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'products', query],
    queryFn: ({ signal }) =>
      api.get('products', {
        signal,
        query: compactQuery({ ...query, includeInactive: 'true' }),
        schema: z.array(Product),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductLines(query: { divisionID?: number; programID?: number }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'product-lines', query],
    queryFn: ({ signal }) =>
      api.get('product-lines', {
        signal,
        query: compactQuery({ ...query, includeInactive: 'true' }),
        schema: z.array(ProductLine),
      }),
    placeholderData: keepPreviousData,
  });
}

type CatalogueKind = 'products' | 'product-lines';

/** Create (id null) or update (id, body with Version) a product or a product line. */
export function useSaveCatalogueItem<K extends CatalogueKind>(kind: K) {
  const api = useApiClient();
  const client = useQueryClient();
  const schema = kind === 'products' ? Product : ProductLine;
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: Omit<ProductUpdate | ProductLineUpdate, 'Version'> & { Version?: number };
    }) =>
      id === null
        ? api.post(kind, body, { schema: schema as z.ZodType<unknown> })
        : api.put(`${kind}/${id}`, body, { schema: schema as z.ZodType<unknown> }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ORDERS_KEY, kind] }),
  });
}

export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`${kind}/${id}`, { query: { version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ORDERS_KEY, kind] }),
  });
}

// ---- work orders ------------------------------------------------------------------------------------

export function useWorkOrdersPage(query: Partial<WorkOrderQuery>) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'work-orders', query],
    queryFn: ({ signal }) =>
      api.get('work-orders', { signal, query: compactQuery(query), schema: WorkOrderPage }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkOrder(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'work-order', id],
    queryFn: ({ signal }) => api.get(`work-orders/${id}`, { signal, schema: WorkOrderDetail }),
  });
}

export function useStatuses(divisionID: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'statuses', divisionID ?? null],
    queryFn: ({ signal }) =>
      api.get(`divisions/${divisionID}/product-order-statuses`, {
        signal,
        schema: z.array(ProductOrderStatus),
      }),
    enabled: divisionID !== undefined,
    staleTime: LOOKUP_STALE,
  });
}

/** Every work order query (grid and details) is stale after a change. */
function useInvalidateOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...ORDERS_KEY] });
}

export function usePatchWorkOrder(id: number) {
  const api = useApiClient();
  const client = useQueryClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: WorkOrderPatch) => api.patch(`work-orders/${id}`, body, { schema: WorkOrderDetail }),
    onSuccess: (saved) => {
      client.setQueryData([...ORDERS_KEY, 'work-order', id], saved);
      void invalidate();
    },
  });
}

/** All or nothing: a 400 names each failing row in Messages (Row N: …). */
export function useBulkStatusChange() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (changes: StatusChange[]) =>
      api.patch('product-order-status/bulk', { Changes: changes }, { schema: z.array(ProductOrder) }),
    onSuccess: () => void invalidate(),
  });
}

export function useBulkCreateWorkOrders() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: WorkOrderBulk) =>
      api.post('work-orders/bulk', body, { schema: z.array(WorkOrderDetail) }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateAlert() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: { WorkOrderIDs: number[]; Message: string | null }) =>
      api.post('work-orders-update-alert', body, { schema: WorkOrderUpdateAlertResult }),
  });
}

export function useEmployeeClaims() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: EmployeeClaims) =>
      api.post('work-orders/employee-claims', body, { schema: z.array(WorkOrder) }),
    onSuccess: () => void invalidate(),
  });
}

// ---- adjustments ------------------------------------------------------------------------------------

export function useSaveAdjustment() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdjustmentSave | AdjustmentUpdate }) =>
      id === null
        ? api.post('product-order-adjustment', body, { schema: ProductOrderAdjustment })
        : api.put(`product-order-adjustment/${id}`, body, { schema: ProductOrderAdjustment }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteAdjustment() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`product-order-adjustment/${id}`, { query: { version } }),
    onSuccess: () => void invalidate(),
  });
}

// ---- manual claims ----------------------------------------------------------------------------------

export function useManualClaims(query: Partial<ManualClaimQuery>) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'manual-claims', query],
    queryFn: ({ signal }) =>
      api.get('work-order-manual-claims', { signal, query: compactQuery(query), schema: ManualClaimPage }),
    placeholderData: keepPreviousData,
  });
}

export function useResolveManualClaim() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ManualClaimResolve }) =>
      api.patch(`work-order-manual-claims/${id}`, body),
    onSuccess: () => void invalidate(),
  });
}

// ---- people -----------------------------------------------------------------------------------------

const RosterRow = z.object({
  EmployeeID: z.number().int(),
  FullName: z.string(),
  IcdOfficeID: z.number().int(),
});

/** Employees at the offices in scope (the rep filter and claims); empty without employees:read. */
export function useRoster() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'roster'],
    queryFn: ({ signal }) => api.get('employees/roster', { signal, schema: z.array(RosterRow) }),
    staleTime: LOOKUP_STALE,
    retry: false,
  });
}
