import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * 在线复诊开药: pharmacists (each chats from an app account), follow-up requests (one per user and
 * client key, so a double tap makes one) and the prescription written for a request (at most one).
 * Open requests are counted per user for the limit, hence the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table medicine_pharmacist (
      id serial primary key,
      user_id integer not null unique references app_user(id),
      name varchar(20) not null,
      title varchar(20) not null,
      hospital varchar(60) not null,
      speciality varchar(100) not null default '',
      intro varchar(500) not null default '',
      avatar varchar(300) not null default '',
      consult_count integer not null default 0 check (consult_count >= 0),
      rating_tenths integer not null default 50 check (rating_tenths between 0 and 50),
      online boolean not null default true,
      enabled boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now()
    );

    create table medicine_visit (
      id serial primary key,
      visit_no varchar(24) not null unique,
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      pharmacist_id integer not null references medicine_pharmacist(id),
      status varchar(12) not null default 'submitted'
        check (status in ('submitted', 'prescribed', 'rejected', 'cancelled')),
      patient_name varchar(20) not null,
      gender varchar(6) not null check (gender in ('male', 'female')),
      age integer not null check (age between 1 and 120),
      phone varchar(11) not null,
      diagnosis varchar(200) not null,
      drugs varchar(500) not null default '',
      description varchar(1000) not null default '',
      images text not null default '[]',
      reject_reason varchar(200),
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      unique (user_id, client_key)
    );
    create index medicine_visit_user_idx on medicine_visit(user_id, id desc);
    create index medicine_visit_open_idx on medicine_visit(user_id) where status = 'submitted';
    create index medicine_visit_status_idx on medicine_visit(status, id desc);

    create table medicine_prescription (
      id serial primary key,
      visit_id integer not null unique references medicine_visit(id),
      rx_no varchar(24) not null unique,
      pharmacist_id integer not null references medicine_pharmacist(id),
      drugs text not null,
      advice varchar(500) not null default '',
      issued_at timestamptz not null default now(),
      valid_until timestamptz not null
    );
    `,
  );
}
