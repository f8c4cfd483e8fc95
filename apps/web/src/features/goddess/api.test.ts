import { describe, expect, it } from 'vitest';
import { PATHS } from '../../ui/pageConfig.ts';
import { inviteLink, inviterParams } from './api.ts';

const p = (q: string) => inviterParams(new URLSearchParams(q));

describe('goddess links', () => {
  it('reads the inviter of a link; anything else is no inviter', () => {
    expect(p('inviter=12')).toEqual({ inviter: 12 });
    expect(p('inviteCode=AB12CD34')).toEqual({ inviteCode: 'AB12CD34' });
    expect(p('')).toEqual({});
    for (const bad of ['inviter=0', 'inviter=-1', 'inviter=1.5', 'inviter=x', 'inviteCode=!!']) {
      expect(p(bad), bad).toEqual({});
    }
    expect(p('inviter=99999999999')).toEqual({});
  });

  it('an invite link opens the gang page with my id', () => {
    const link = inviteLink(7, PATHS.goddess);
    expect(link.endsWith(`#/rootPages/goddess/goddess?inviter=7`)).toBe(true);
  });
});
