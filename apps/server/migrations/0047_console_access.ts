import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The console's access model: a store's people (staff_member: a user, a role — 商家, 店员 or
 * 客服 — the store it works for and a 店员's chosen permissions; the platform operator stays the
 * account whose app_user.role is 'admin') and the audit log every
 * console write appends to in its own transaction. The log refuses UPDATE and DELETE at the
 * database itself, so no code path can rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table staff_member (
      id serial primary key,
      user_id integer not null references app_user(id),
      role text not null check (role in ('owner', 'staff', 'agent')),
      store_id integer not null references store(id),
      permissions jsonb,
      created_by integer references app_user(id),
      created_at timestamptz not null default now()
    );
    create unique index staff_member_user_store on staff_member (user_id, store_id);
    create index staff_member_store on staff_member (store_id, id);

    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_id integer not null,
      actor_role text not null,
      ip text not null,
      resource text not null,
      resource_id text not null,
      action text not null,
      store_id integer,
      before jsonb,
      after jsonb,
      diff jsonb not null
    );
    create index audit_log_at on audit_log (at desc, id desc);
    create index audit_log_actor on audit_log (actor_id, at desc);
    create index audit_log_resource on audit_log (resource, resource_id, at desc);
    create index audit_log_store on audit_log (store_id, at desc);

    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only'; end $$;
    create trigger audit_log_no_rewrite before update or delete on audit_log
      for each statement execute function audit_log_append_only();
    `,
  );
}
