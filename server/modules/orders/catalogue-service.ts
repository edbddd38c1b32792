// The catalogue: programs (existing table, scoped to the caller's offices), retailers, products (with
// the fixed Rogers category), product lines per program, and each division's product order statuses.
import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  CATALOGUE_WRITE,
  type Product,
  type ProductLine,
  type ProductLineQuery,
  type ProductLineSave,
  type ProductLineUpdate,
  type ProductOrderStatus,
  type ProductQuery,
  type ProductSave,
  type ProductUpdate,
  type Program,
  type ProgramQuery,
  type Retailer,
  type RetailerQuery,
  ROGERS_CATEGORY_NAMES,
  STATUS_KIND_NAMES,
  StatusKind,
} from '../../../src/contract/orders';
import {
  divisions,
  officePrograms,
  productLines,
  productOrderStatuses,
  productOrders,
  products,
  programs,
  retailers,
} from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { conflict } from '../scheduling/scope';
import { type Conn, ORDER_READERS, union } from './scope';

const PRODUCT = 'The product';
const PRODUCT_LINE = 'The product line';
const none: OfficeScope = new Set<number>();

/** Offices whose programs the caller sees: any of the order keys or catalogue:write. */
function catalogueOffices(actor: Actor): OfficeScope {
  let scope: OfficeScope = none;
  for (const key of [...ORDER_READERS, CATALOGUE_WRITE])
    if (actor.has(key)) scope = union(scope, actor.offices(key));
  return scope;
}

// ---- programs and retailers ------------------------------------------------------------------------

export async function listPrograms(db: Conn, actor: Actor, q: ProgramQuery): Promise<Program[]> {
  const offices = catalogueOffices(actor);
  const where: (SQL | undefined)[] = [
    q.divisionID ? eq(programs.DivisionID, q.divisionID) : undefined,
    q.includeInactive ? undefined : eq(programs.IsActive, true),
  ];
  if (q.icdOfficeID !== undefined) {
    if (offices !== 'all' && !offices.has(q.icdOfficeID)) return [];
    where.push(
      inArray(
        programs.ProgramID,
        db
          .select({ id: officePrograms.ProgramID })
          .from(officePrograms)
          .where(eq(officePrograms.IcdOfficeID, q.icdOfficeID)),
      ),
    );
  } else if (offices !== 'all') {
    if (!offices.size) return [];
    where.push(
      inArray(
        programs.ProgramID,
        db
          .select({ id: officePrograms.ProgramID })
          .from(officePrograms)
          .where(inArray(officePrograms.IcdOfficeID, [...offices])),
      ),
    );
  }
  return db
    .select({
      ProgramID: programs.ProgramID,
      Name: programs.Name,
      DivisionID: programs.DivisionID,
      IsActive: programs.IsActive,
    })
    .from(programs)
    .where(and(...where))
    .orderBy(asc(programs.DivisionID), asc(programs.Name));
}

export async function listRetailers(db: Conn, q: RetailerQuery): Promise<Retailer[]> {
  return db
    .select({
      RetailerID: retailers.RetailerID,
      DivisionID: retailers.DivisionID,
      Name: retailers.Name,
      IsActive: retailers.IsActive,
    })
    .from(retailers)
    .where(
      and(
        q.divisionID ? eq(retailers.DivisionID, q.divisionID) : undefined,
        q.includeInactive ? undefined : eq(retailers.IsActive, true),
      ),
    )
    .orderBy(asc(retailers.DivisionID), asc(retailers.Name));
}

// ---- products --------------------------------------------------------------------------------------

type ProductRow = typeof products.$inferSelect;
const productWire = (r: ProductRow): Product => ({
  ProductID: r.ProductID,
  DivisionID: r.DivisionID,
  Name: r.Name,
  Code: r.Code,
  RogersCategoryID: r.RogersCategoryID,
  RogersCategoryName: r.RogersCategoryID ? (ROGERS_CATEGORY_NAMES[r.RogersCategoryID] ?? null) : null,
  IsActive: r.IsActive,
  Version: r.Version,
});

export async function listProducts(db: Conn, q: ProductQuery): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        q.divisionID ? eq(products.DivisionID, q.divisionID) : undefined,
        q.rogersCategoryID ? eq(products.RogersCategoryID, q.rogersCategoryID) : undefined,
        q.search ? ilike(products.Name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        q.includeInactive ? undefined : eq(products.IsActive, true),
      ),
    )
    .orderBy(asc(products.DivisionID), asc(products.Name));
  return rows.map(productWire);
}

async function requireDivision(db: Conn, divisionId: number): Promise<void> {
  const [d] = await db
    .select({ id: divisions.DivisionID })
    .from(divisions)
    .where(eq(divisions.DivisionID, divisionId))
    .limit(1);
  if (!d) throw badRequest('The division was not found.', { DivisionID: ['This division does not exist.'] });
}

async function checkProductUnique(db: Conn, body: ProductSave, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  const same = await db
    .select({ id: products.ProductID, Name: products.Name, Code: products.Code })
    .from(products)
    .where(
      and(
        eq(products.DivisionID, body.DivisionID),
        exceptId ? ne(products.ProductID, exceptId) : undefined,
        sql`(lower(${products.Name}) = lower(${body.Name})${body.Code ? sql` or ${products.Code} = ${body.Code}` : sql``})`,
      ),
    );
  if (same.some((s) => s.Name.toLowerCase() === body.Name.toLowerCase()))
    errors.Name = ['A product with this name already exists in the division.'];
  if (body.Code && same.some((s) => s.Code === body.Code))
    errors.Code = ['A product with this code already exists in the division.'];
  if (Object.keys(errors).length) throw badRequest('The product could not be saved.', errors);
}

export async function createProduct(db: Conn, body: ProductSave): Promise<Product> {
  return db.transaction(async (tx) => {
    await requireDivision(tx, body.DivisionID);
    await checkProductUnique(tx, body);
    const [row] = await tx.insert(products).values(body).returning();
    return productWire(row);
  });
}

export async function updateProduct(db: Conn, id: number, body: ProductUpdate): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.ProductID, id)).for('update');
    if (!row) throw notFound(PRODUCT);
    if (row.Version !== body.Version) throw conflict(productWire(row));
    await requireDivision(tx, body.DivisionID);
    if (body.DivisionID !== row.DivisionID && (await used(tx, eq(productOrders.ProductID, id))))
      throw badRequest('The product could not be saved.', {
        DivisionID: ['Orders use this product: its division cannot change.'],
      });
    await checkProductUnique(tx, body, id);
    const { Version: _v, ...fields } = body;
    const [updated] = await tx
      .update(products)
      .set({ ...fields, UpdatedAt: new Date(), Version: sql`${products.Version} + 1` })
      .where(eq(products.ProductID, id))
      .returning();
    return productWire(updated);
  });
}

async function used(db: Conn, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(productOrders).where(where);
  return n;
}

export async function deleteProduct(db: Conn, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.ProductID, id)).for('update');
    if (!row) throw notFound(PRODUCT);
    if (version !== undefined && version !== row.Version) throw conflict(productWire(row));
    const n = await used(tx, eq(productOrders.ProductID, id));
    if (n)
      throw new AppError(
        422,
        `${n} product order${n === 1 ? '' : 's'} use this product: make it inactive instead.`,
      );
    await tx.delete(products).where(eq(products.ProductID, id));
  });
}

// ---- product lines ---------------------------------------------------------------------------------

const lineSelect = {
  ProductLineID: productLines.ProductLineID,
  ProgramID: productLines.ProgramID,
  ProgramName: programs.Name,
  DivisionID: programs.DivisionID,
  Name: productLines.Name,
  SortIndex: productLines.SortIndex,
  IsActive: productLines.IsActive,
  Version: productLines.Version,
};

async function lineWire(db: Conn, id: number): Promise<ProductLine> {
  const [row] = await db
    .select(lineSelect)
    .from(productLines)
    .innerJoin(programs, eq(programs.ProgramID, productLines.ProgramID))
    .where(eq(productLines.ProductLineID, id));
  if (!row) throw notFound(PRODUCT_LINE);
  return row;
}

export async function listProductLines(db: Conn, q: ProductLineQuery): Promise<ProductLine[]> {
  return db
    .select(lineSelect)
    .from(productLines)
    .innerJoin(programs, eq(programs.ProgramID, productLines.ProgramID))
    .where(
      and(
        q.programID ? eq(productLines.ProgramID, q.programID) : undefined,
        q.divisionID ? eq(programs.DivisionID, q.divisionID) : undefined,
        q.includeInactive ? undefined : eq(productLines.IsActive, true),
      ),
    )
    .orderBy(asc(programs.Name), asc(productLines.SortIndex), asc(productLines.Name));
}

async function checkLine(db: Conn, body: ProductLineSave, exceptId?: number): Promise<void> {
  const [program] = await db
    .select({ id: programs.ProgramID })
    .from(programs)
    .where(eq(programs.ProgramID, body.ProgramID));
  if (!program)
    throw badRequest('The program was not found.', { ProgramID: ['This program does not exist.'] });
  const [dup] = await db
    .select({ id: productLines.ProductLineID })
    .from(productLines)
    .where(
      and(
        eq(productLines.ProgramID, body.ProgramID),
        sql`lower(${productLines.Name}) = lower(${body.Name})`,
        exceptId ? ne(productLines.ProductLineID, exceptId) : undefined,
      ),
    );
  if (dup)
    throw badRequest('The product line could not be saved.', {
      Name: ['A product line with this name already exists in the program.'],
    });
}

export async function createProductLine(db: Conn, body: ProductLineSave): Promise<ProductLine> {
  return db.transaction(async (tx) => {
    await checkLine(tx, body);
    const [row] = await tx.insert(productLines).values(body).returning();
    return lineWire(tx, row.ProductLineID);
  });
}

export async function updateProductLine(db: Conn, id: number, body: ProductLineUpdate): Promise<ProductLine> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(productLines)
      .where(eq(productLines.ProductLineID, id))
      .for('update');
    if (!row) throw notFound(PRODUCT_LINE);
    if (row.Version !== body.Version) throw conflict(await lineWire(tx, id));
    await checkLine(tx, body, id);
    if (body.ProgramID !== row.ProgramID && (await used(tx, eq(productOrders.ProductLineID, id))))
      throw badRequest('The product line could not be saved.', {
        ProgramID: ['Orders use this product line: its program cannot change.'],
      });
    const { Version: _v, ...fields } = body;
    await tx
      .update(productLines)
      .set({ ...fields, UpdatedAt: new Date(), Version: sql`${productLines.Version} + 1` })
      .where(eq(productLines.ProductLineID, id));
    return lineWire(tx, id);
  });
}

export async function deleteProductLine(db: Conn, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(productLines)
      .where(eq(productLines.ProductLineID, id))
      .for('update');
    if (!row) throw notFound(PRODUCT_LINE);
    if (version !== undefined && version !== row.Version) throw conflict(await lineWire(tx, id));
    const n = await used(tx, eq(productOrders.ProductLineID, id));
    if (n)
      throw new AppError(
        422,
        `${n} product order${n === 1 ? '' : 's'} use this product line: make it inactive instead.`,
      );
    await tx.delete(productLines).where(eq(productLines.ProductLineID, id));
  });
}

// ---- statuses --------------------------------------------------------------------------------------

const DEFAULT_STATUSES = [
  { Name: 'Booked', StatusKind: StatusKind.Booked },
  { Name: 'Installed', StatusKind: StatusKind.Installed },
  { Name: 'Cancelled', StatusKind: StatusKind.Cancelled },
  { Name: 'Disconnect', StatusKind: StatusKind.Disconnect },
];

export type StatusRow = typeof productOrderStatuses.$inferSelect;

/** A division's statuses; the four defaults are created the first time a division is asked. */
export async function statusesOf(db: Conn, divisionId: number): Promise<StatusRow[]> {
  const read = () =>
    db
      .select()
      .from(productOrderStatuses)
      .where(eq(productOrderStatuses.DivisionID, divisionId))
      .orderBy(asc(productOrderStatuses.SortIndex), asc(productOrderStatuses.ProductOrderStatusID));
  const rows = await read();
  if (rows.length) return rows;
  await db
    .insert(productOrderStatuses)
    .values(DEFAULT_STATUSES.map((s, i) => ({ ...s, DivisionID: divisionId, SortIndex: i })))
    .onConflictDoNothing();
  return read();
}

export const statusWire = (s: StatusRow): ProductOrderStatus => ({
  ProductOrderStatusID: s.ProductOrderStatusID,
  DivisionID: s.DivisionID,
  Name: s.Name,
  StatusKind: s.StatusKind,
  StatusKindName: STATUS_KIND_NAMES[s.StatusKind] ?? '',
  SortIndex: s.SortIndex,
});

export async function divisionStatuses(db: Conn, divisionId: number): Promise<ProductOrderStatus[]> {
  const [d] = await db
    .select({ id: divisions.DivisionID })
    .from(divisions)
    .where(eq(divisions.DivisionID, divisionId))
    .limit(1);
  if (!d) throw notFound('The division');
  return (await statusesOf(db, divisionId)).map(statusWire);
}
