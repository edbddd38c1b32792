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
  type ManualClaimSave,
  type ManualClaimUpdate,
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
  type WorkOrderSave,
  WorkOrderUpdateAlertResult,
} from '../../../contract/orders';

/**
 * The orders contract keeps days as 'YYYY-MM-DD' text: the answer is read as text and parsed with the
 * contract schema, so the client's date revival does not turn days into Dates the schema refuses.
 */
type Api = ReturnType<typeof useApiClient>;
async function wire<T>(
  api: Api,
  method: 'get' | 'post' | 'put' | 'patch',
  path: string,
  schema: z.ZodType<T>,
  options: { body?: unknown; query?: Record<string, string | number>; signal?: AbortSignal } = {},
): Promise<T> {
  const call = { query: options.query, signal: options.signal, responseType: 'text' as const };
  const text =
    method === 'get'
      ? await api.get<string>(path, call)
      : await api[method]<string>(path, options.body, call);
  return schema.parse(JSON.parse(text));
}

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
      wire(api, 'get', 'programs', z.array(Program), {
        signal,
        query: compactQuery({ divisionID, includeInactive: 'true' }),
      }),
    staleTime: LOOKUP_STALE,
  });
}

export function useRetailers(divisionID?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'retailers', divisionID ?? null],
    queryFn: ({ signal }) =>
      wire(api, 'get', 'retailers', z.array(Retailer), {
        signal,
        query: compactQuery({ divisionID, includeInactive: 'true' }),
      }),
    staleTime: LOOKUP_STALE,
  });
}

export function useProducts(query: { divisionID?: number; rogersCategoryID?: number; search?: string }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'products', query],
    queryFn: ({ signal }) =>
      wire(api, 'get', 'products', z.array(Product), {
        signal,
        query: compactQuery({ ...query, includeInactive: 'true' }),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductLines(query: { divisionID?: number; programID?: number }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'product-lines', query],
    queryFn: ({ signal }) =>
      wire(api, 'get', 'product-lines', z.array(ProductLine), {
        signal,
        query: compactQuery({ ...query, includeInactive: 'true' }),
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
        ? wire(api, 'post', kind, schema as z.ZodType<unknown>, { body })
        : wire(api, 'put', `${kind}/${id}`, schema as z.ZodType<unknown>, { body }),
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
      wire(api, 'get', 'work-orders', WorkOrderPage, { signal, query: compactQuery(query) }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkOrder(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'work-order', id],
    queryFn: ({ signal }) => wire(api, 'get', `work-orders/${id}`, WorkOrderDetail, { signal }),
  });
}

export function useStatuses(divisionID: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORDERS_KEY, 'statuses', divisionID ?? null],
    queryFn: ({ signal }) =>
      wire(api, 'get', `divisions/${divisionID}/product-order-statuses`, z.array(ProductOrderStatus), {
        signal,
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
    mutationFn: (body: WorkOrderPatch) => wire(api, 'patch', `work-orders/${id}`, WorkOrderDetail, { body }),
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
      wire(api, 'patch', 'product-order-status/bulk', z.array(ProductOrder), { body: { Changes: changes } }),
    onSuccess: () => void invalidate(),
  });
}

export function useBulkCreateWorkOrders() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: WorkOrderBulk) =>
      wire(api, 'post', 'work-orders/bulk', z.array(WorkOrderDetail), { body }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateAlert() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: { WorkOrderIDs: number[]; Message: string | null }) =>
      wire(api, 'post', 'work-orders-update-alert', WorkOrderUpdateAlertResult, { body }),
  });
}

export function useEmployeeClaims() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: EmployeeClaims) =>
      wire(api, 'post', 'work-orders/employee-claims', z.array(WorkOrder), { body }),
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
        ? wire(api, 'post', 'product-order-adjustment', ProductOrderAdjustment, { body })
        : wire(api, 'put', `product-order-adjustment/${id}`, ProductOrderAdjustment, { body }),
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
      wire(api, 'get', 'work-order-manual-claims', ManualClaimPage, { signal, query: compactQuery(query) }),
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

/** File (id null) or edit a pending manual claim (with Version: 409 answers the current claim). */
export function useSaveManualClaim() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ManualClaimSave | ManualClaimUpdate }) =>
      id === null
        ? api.post('work-order-manual-claims', body)
        : api.put(`work-order-manual-claims/${id}`, body),
    onSuccess: () => void invalidate(),
  });
}

/** Withdraw a pending manual claim (with its Version). */
export function useDeleteManualClaim() {
  const api = useApiClient();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`work-order-manual-claims/${id}`, { query: { version } }),
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

/** One work order typed in the office (no lead); 201 with the new order. */
export function useCreateWorkOrder() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkOrderSave) => wire(api, 'post', 'work-orders', WorkOrderDetail, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ORDERS_KEY] }),
  });
}
