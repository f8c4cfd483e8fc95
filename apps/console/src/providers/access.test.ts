import { describe, expect, it } from 'vitest';
import { permissionKeysOf } from '../resources/registry.ts';
import { createAccessControl } from './access.ts';

const as = (permissions: string[]) =>
  createAccessControl(async () => permissions, permissionKeysOf);

describe('accessControlProvider', () => {
  it('lets the operator (*) do anything on a registered resource', async () => {
    const access = as(['*']);
    expect((await access.can({ resource: 'refund', action: 'list' })).can).toBe(true);
    expect((await access.can({ resource: 'invoice', action: 'edit' })).can).toBe(true);
  });

  it('reads with <key>.read, writes only with <key>.write (which also reads)', async () => {
    const reader = as(['aftersale.read']);
    expect((await reader.can({ resource: 'refund', action: 'list' })).can).toBe(true);
    expect((await reader.can({ resource: 'refund', action: 'edit' })).can).toBe(false);
    expect((await reader.can({ resource: 'invoice', action: 'list' })).can).toBe(false);
    const writer = as(['invoice.write']);
    expect((await writer.can({ resource: 'invoice', action: 'list' })).can).toBe(true);
    expect((await writer.can({ resource: 'invoice', action: 'approve' })).can).toBe(true);
  });

  it('shows a menu section when any of its pages may be read', async () => {
    expect(
      (await as(['invoice.read']).can({ resource: 'section:orders', action: 'list' })).can,
    ).toBe(true);
    expect((await as(['other.read']).can({ resource: 'section:orders', action: 'list' })).can).toBe(
      false,
    );
  });

  it('refuses a resource the console does not know', async () => {
    expect((await as(['*']).can({ resource: 'nothing', action: 'list' })).can).toBe(false);
  });
});
