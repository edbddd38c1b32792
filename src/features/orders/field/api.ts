// Reads of the phone's order screens, kept per user for offline (cachedRead): the catalogue of a
// division (products, product lines per program) and My sales. The rep's offices and their programs
// come from the Clock's lookups (same query, same kept copy).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import type { Query } from '../../../api/http-wire';
import { MySale, Product, ProductLine } from '../../../contract/orders';
import { cachedRead } from '../../../offline/cached-read';

/**
 * A read whose answer is parsed as sent: the client revives 'YYYY-MM-DD' into Dates, which the orders
 * contract's wire dates (strings) refuse, and the kept copy stays the server's JSON.
 */
export async function getRaw<T>(
  api: ApiClient,
  path: string,
  schema: z.ZodType<T>,
  options: { signal?: AbortSignal; query?: Query } = {},
): Promise<T> {
  const text = await api.get<string>(path, { ...options, responseType: 'text' });
  return schema.parse(typeof text === 'string' ? JSON.parse(text) : text);
}

const Products = z.array(Product);
const ProductLines = z.array(ProductLine);
const MySales = z.array(MySale);

export interface Catalogue {
  Products: Product[];
  ProductLines: ProductLine[];
}
const CatalogueSchema = z.object({ Products, ProductLines });

export function catalogueQueryOptions(api: ApiClient, userId: string, divisionId: number | null) {
  return queryOptions({
    queryKey: ['orders', 'field-catalogue', userId, divisionId],
    queryFn: ({ signal }) =>
      cachedRead<Catalogue>(
        userId,
        `orders/catalogue/${divisionId}`,
        async () => {
          const [products, lines] = await Promise.all([
            getRaw(api, 'products', Products, { signal, query: { divisionID: divisionId } }),
            getRaw(api, 'product-lines', ProductLines, { signal, query: { divisionID: divisionId } }),
          ]);
          return { Products: products, ProductLines: lines };
        },
        (raw) => CatalogueSchema.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 30 * 60_000,
    enabled: divisionId !== null,
  });
}

export function useCatalogue(userId: string, divisionId: number | null) {
  return useQuery(catalogueQueryOptions(useApiClient(), userId, divisionId));
}

export function mySalesQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['orders', 'my-sales', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'orders/my-sales',
        () => getRaw(api, 'work-orders/mine', MySales, { signal }),
        (raw) => MySales.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });
}

export function useMySales(userId: string) {
  return useQuery(mySalesQueryOptions(useApiClient(), userId));
}
