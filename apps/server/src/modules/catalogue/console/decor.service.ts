import type {
  ActivityAdmin,
  ActivitySaveBody,
  BannerAdmin,
  BannerSaveBody,
  DecorKind,
  ErrorId,
  MenuAdmin,
  MenuSaveBody,
  PageOf,
  PopupAdmin,
  PopupSaveBody,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { AuditPort } from './audit-port.ts';
import type {
  ActivityRow,
  BannerRow,
  DecorRepo,
  DecorRow,
  DecorTable,
  DecorWrite,
  MenuRow,
  PopupRow,
} from './decor.repo.ts';

interface Views {
  banner: BannerAdmin;
  menu: MenuAdmin;
  activity: ActivityAdmin;
  popup: PopupAdmin;
}
interface Bodies {
  banner: BannerSaveBody;
  menu: MenuSaveBody;
  activity: ActivitySaveBody;
  popup: PopupSaveBody;
}
/** A save body of any kind (the route validated it against its kind's schema). */
export type DecorSaveBody = Bodies[DecorKind];

const TABLES = {
  banner: 'banner',
  menu: 'menu_entry',
  activity: 'home_activity',
  popup: 'home_popup',
} as const satisfies Record<DecorKind, DecorTable>;

const NOT_FOUND: Record<DecorKind, ErrorId> = {
  banner: 'BANNER_NOT_FOUND',
  menu: 'MENU_ENTRY_NOT_FOUND',
  activity: 'ACTIVITY_NOT_FOUND',
  popup: 'POPUP_NOT_FOUND',
};

/** A row as the console shows it (the service knows which table each row came from). */
function viewOf<K extends DecorKind>(kind: K, row: DecorRow, now = new Date()): Views[K] {
  switch (kind) {
    case 'banner': {
      const r = row as BannerRow;
      const v: BannerAdmin = {
        id: r.id,
        title: r.title,
        image: r.image,
        link: r.link,
        sort: r.sort,
        enabled: r.enabled,
      };
      return v as Views[K];
    }
    case 'menu': {
      const r = row as MenuRow;
      const v: MenuAdmin = {
        id: r.id,
        name: r.name,
        icon: r.icon,
        link: r.link,
        sort: r.sort,
        enabled: r.enabled,
      };
      return v as Views[K];
    }
    case 'activity': {
      const r = row as ActivityRow;
      const v: ActivityAdmin = {
        id: r.id,
        title: r.title,
        subtitle: r.subtitle,
        image: r.image,
        link: r.link,
        sort: r.sort,
        enabled: r.enabled,
      };
      return v as Views[K];
    }
    default: {
      const r = row as PopupRow;
      const v: PopupAdmin = {
        id: r.id,
        title: r.title,
        image: r.image,
        link: r.link,
        enabled: r.enabled,
        audience: r.audience,
        startsAt: r.starts_at.toISOString(),
        endsAt: r.ends_at.toISOString(),
        live: r.enabled && r.starts_at <= now && r.ends_at > now,
      };
      return v as Views[K];
    }
  }
}

/** The write a save makes; `before` fills what an edit leaves out. */
function writeOf(kind: DecorKind, body: DecorSaveBody, before?: DecorRow): DecorWrite {
  const enabled = body.enabled ?? before?.enabled ?? true;
  switch (kind) {
    case 'banner': {
      const b = body as BannerSaveBody;
      return {
        table: 'banner',
        values: { title: b.title.trim(), image: b.image, link: b.link, enabled },
      };
    }
    case 'menu': {
      const b = body as MenuSaveBody;
      return {
        table: 'menu_entry',
        values: { name: b.name.trim(), icon: b.icon, link: b.link, enabled },
      };
    }
    case 'activity': {
      const b = body as ActivitySaveBody;
      return {
        table: 'home_activity',
        values: {
          title: b.title.trim(),
          subtitle: (b.subtitle ?? '').trim(),
          image: b.image,
          link: b.link,
          enabled,
        },
      };
    }
    default: {
      const b = body as PopupSaveBody;
      const starts = new Date(b.startsAt);
      const ends = new Date(b.endsAt);
      if (!(ends > starts)) throw new AppError('POPUP_TIME_INVALID');
      return {
        table: 'home_popup',
        values: {
          title: b.title.trim(),
          image: b.image,
          link: b.link,
          enabled,
          audience: b.audience ?? (before as PopupRow | undefined)?.audience ?? 'all',
          starts_at: starts,
          ends_at: ends,
        },
      };
    }
  }
}

/** A decor row's audited fields: its view without the computed ones. */
function auditOf(kind: DecorKind, row: DecorRow) {
  const { id: _id, ...rest } = viewOf(kind, row) as unknown as Record<string, unknown>;
  delete rest.live;
  return rest;
}

/**
 * The operator's 首页装修: banners, menu entries, activity buttons and the popup. Every write is
 * audited in its transaction; after it commits the shoppers' home content is read afresh.
 */
export class DecorService {
  constructor(
    private readonly db: Db,
    private readonly repo: DecorRepo,
    private readonly audit: AuditPort,
    private readonly cache: Pick<CatalogueCache, 'catalogueChanged'>,
  ) {}

  async list<K extends DecorKind>(kind: K): Promise<PageOf<Views[K]>> {
    const rows = await this.repo.list(TABLES[kind]);
    const now = new Date();
    const list = rows.map((r) => viewOf(kind, r, now));
    return { list, total: list.length, pageNum: 1, pageSize: Math.max(list.length, 1) };
  }

  async save(actor: ConsoleActor, kind: DecorKind, body: DecorSaveBody): Promise<{ id: number }> {
    const table = TABLES[kind];
    const id = await this.db.transaction().execute(async (trx) => {
      if (body.id === undefined) {
        const write = writeOf(kind, body);
        let sort = 0;
        if (table !== 'home_popup') {
          const order = await this.repo.lockOrder(narrowDb(trx), table);
          sort = order.reduce((max, r) => Math.max(max, r.sort), 0) + 1;
        }
        const created = await this.repo.insert(narrowDb(trx), write, sort);
        const row = await this.repo.lock(narrowDb(trx), table, created);
        await this.record(trx, actor, kind, created, 'create', undefined, row);
        return created;
      }
      const before = await this.repo.lock(narrowDb(trx), table, body.id);
      if (!before) throw new AppError(NOT_FOUND[kind]);
      await this.repo.update(narrowDb(trx), body.id, writeOf(kind, body, before));
      const after = await this.repo.lock(narrowDb(trx), table, body.id);
      await this.record(trx, actor, kind, body.id, 'update', before, after);
      return body.id;
    });
    await this.cache.catalogueChanged();
    return { id };
  }

  async setEnabled(actor: ConsoleActor, kind: DecorKind, id: number, enabled: boolean) {
    const table = TABLES[kind];
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.lock(narrowDb(trx), table, id);
      if (!before) throw new AppError(NOT_FOUND[kind]);
      await this.repo.setEnabled(narrowDb(trx), table, id, enabled);
      const after = await this.repo.lock(narrowDb(trx), table, id);
      await this.record(trx, actor, kind, id, enabled ? 'enable' : 'disable', before, after);
    });
    await this.cache.catalogueChanged();
  }

  async remove(actor: ConsoleActor, kind: DecorKind, id: number) {
    const table = TABLES[kind];
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.lock(narrowDb(trx), table, id);
      if (!before) throw new AppError(NOT_FOUND[kind]);
      await this.repo.delete(narrowDb(trx), table, id);
      await this.record(trx, actor, kind, id, 'delete', before, undefined);
    });
    await this.cache.catalogueChanged();
  }

  /** Reorders every row of a kind at once (`ids`: all of them, each once, in the new order). */
  async sort(actor: ConsoleActor, kind: Exclude<DecorKind, 'popup'>, ids: readonly number[]) {
    const table = TABLES[kind];
    await this.db.transaction().execute(async (trx) => {
      const order = await this.repo.lockOrder(narrowDb(trx), table);
      const wanted = new Set(ids);
      if (
        wanted.size !== ids.length ||
        wanted.size !== order.length ||
        order.some((r) => !wanted.has(r.id))
      ) {
        throw new AppError('DECOR_SORT_INVALID');
      }
      await this.repo.reorder(narrowDb(trx), table, ids);
      await this.audit.record(trx, actor, {
        resource: kind,
        resourceId: 'all',
        action: 'sort',
        storeId: null,
        before: { order: order.map((r) => r.id) },
        after: { order: ids },
      });
    });
    await this.cache.catalogueChanged();
  }

  private record(
    trx: Db,
    actor: ConsoleActor,
    kind: DecorKind,
    id: number,
    action: string,
    before: DecorRow | undefined,
    after: DecorRow | undefined,
  ) {
    return this.audit.record(trx, actor, {
      resource: kind,
      resourceId: id,
      action,
      storeId: null,
      ...(before ? { before: auditOf(kind, before) } : {}),
      ...(after ? { after: auditOf(kind, after) } : {}),
    });
  }
}
