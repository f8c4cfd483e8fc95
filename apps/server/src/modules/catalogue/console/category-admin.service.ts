import type {
  CategoryAdminNode,
  CategorySaveBody,
  CategorySortBody,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { AuditPort } from './audit-port.ts';
import type { CategoryAdminRepo } from './category-admin.repo.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * The operator's category tree (two levels): names, icons and order, as the app's 分类 page
 * shows them. Every write is audited in its transaction and refreshes the shoppers' listings.
 */
export class CategoryAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: CategoryAdminRepo,
    private readonly audit: AuditPort,
    private readonly cache: Pick<CatalogueCache, 'catalogueChanged'>,
  ) {}

  /** The whole tree; a first-level category's count includes its children's products. */
  async tree(): Promise<PageOf<CategoryAdminNode>> {
    const rows = await this.repo.all();
    const tops: CategoryAdminNode[] = [];
    const byId = new Map<number, CategoryAdminNode>();
    for (const r of rows) {
      if (r.parent_id !== null) continue;
      const node = { ...leaf(r), children: [] };
      tops.push(node);
      byId.set(r.id, node);
    }
    for (const r of rows) {
      const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
      if (!parent) continue;
      parent.children.push(leaf(r));
      parent.productCount += r.product_count ?? 0;
    }
    return { list: tops, total: tops.length, pageNum: 1, pageSize: Math.max(tops.length, 1) };
  }

  async save(actor: ConsoleActor, body: CategorySaveBody): Promise<{ id: number }> {
    const name = body.name.trim();
    if (!name) throw new AppError('CATEGORY_NAME_INVALID');
    const parentId = body.parentId ?? null;
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        if (parentId !== null) {
          const parent = await this.repo.lock(narrowDb(trx), parentId);
          // Two levels only: a parent is a first-level category, and never the category itself.
          if (!parent || parent.parent_id !== null || parent.id === body.id) {
            throw new AppError('CATEGORY_PARENT_INVALID');
          }
        }
        const siblings = await this.repo.lockSiblings(narrowDb(trx), parentId);
        if (siblings.some((s) => s.name === name && s.id !== body.id)) {
          throw new AppError('CATEGORY_NAME_TAKEN');
        }
        const last = siblings.reduce((max, s) => Math.max(max, s.sort), 0);
        const values = { parent_id: parentId, name, icon: body.icon };
        if (body.id === undefined) {
          const created = await this.repo.insert(narrowDb(trx), { ...values, sort: last + 1 });
          await this.audit.record(trx, actor, {
            resource: 'category',
            resourceId: created.id,
            action: 'create',
            storeId: null,
            after: view(values),
          });
          return created.id;
        }
        const before = await this.repo.lock(narrowDb(trx), body.id);
        if (!before) throw new AppError('CATEGORY_NOT_FOUND');
        if (parentId !== null && before.parent_id === null) {
          // A first-level category with children cannot go under another one (a third level).
          if ((await this.repo.childCount(narrowDb(trx), body.id)) > 0) {
            throw new AppError('CATEGORY_PARENT_INVALID');
          }
        }
        const moved = before.parent_id !== parentId;
        await this.repo.update(
          narrowDb(trx),
          body.id,
          moved ? { ...values, sort: last + 1 } : values,
        );
        await this.audit.record(trx, actor, {
          resource: 'category',
          resourceId: body.id,
          action: 'update',
          storeId: null,
          before: view(before),
          after: view(values),
        });
        return body.id;
      })
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new AppError('CATEGORY_NAME_TAKEN');
        }
        throw err;
      });
    await this.cache.catalogueChanged();
    return { id };
  }

  /** Reorders one level at once: `ids` must be every sibling under `parentId`, each once. */
  async sort(actor: ConsoleActor, body: CategorySortBody): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (body.parentId !== null) {
        const parent = await this.repo.byId(narrowDb(trx), body.parentId);
        if (!parent || parent.parent_id !== null) throw new AppError('CATEGORY_PARENT_INVALID');
      }
      const siblings = await this.repo.lockSiblings(narrowDb(trx), body.parentId);
      const wanted = new Set(body.ids);
      if (
        wanted.size !== body.ids.length ||
        wanted.size !== siblings.length ||
        siblings.some((s) => !wanted.has(s.id))
      ) {
        throw new AppError('CATEGORY_SORT_INVALID');
      }
      await this.repo.reorder(narrowDb(trx), body.ids);
      await this.audit.record(trx, actor, {
        resource: 'category',
        resourceId: body.parentId ?? 'root',
        action: 'sort',
        storeId: null,
        before: { order: siblings.map((s) => s.id) },
        after: { order: body.ids },
      });
    });
    await this.cache.catalogueChanged();
  }

  /** Deletes an empty category: none of its own products, no children. */
  async remove(actor: ConsoleActor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.lock(narrowDb(trx), id);
      if (!before) throw new AppError('CATEGORY_NOT_FOUND');
      if ((await this.repo.childCount(narrowDb(trx), id)) > 0)
        throw new AppError('CATEGORY_HAS_CHILDREN');
      if ((await this.repo.productCount(narrowDb(trx), id)) > 0)
        throw new AppError('CATEGORY_HAS_PRODUCTS');
      await this.repo.delete(narrowDb(trx), id);
      await this.audit.record(trx, actor, {
        resource: 'category',
        resourceId: id,
        action: 'delete',
        storeId: null,
        before: view(before),
      });
    });
    await this.cache.catalogueChanged();
  }
}

function leaf(r: {
  id: number;
  parent_id: number | null;
  name: string;
  icon: string;
  sort: number;
  product_count: number | null;
}) {
  return {
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    icon: r.icon,
    sort: r.sort,
    productCount: r.product_count ?? 0,
  };
}

function view(c: { parent_id: number | null; name: string; icon: string }) {
  return { parentId: c.parent_id, name: c.name, icon: c.icon };
}
