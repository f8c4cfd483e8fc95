import { describe, expect, it } from 'vitest';
import { takeWebTicket } from './webTicket.ts';

describe('takeWebTicket', () => {
  it('takes the ticket out of the hash route and keeps the other parameters', () => {
    expect(takeWebTicket('#/pages/user/user?webTicket=abc_DEF-123')).toEqual({
      ticket: 'abc_DEF-123',
      hash: '#/pages/user/user',
    });
    expect(takeWebTicket('#/rootPages/game/game?id=3&webTicket=t0k&from=xcx')).toEqual({
      ticket: 't0k',
      hash: '#/rootPages/game/game?id=3&from=xcx',
    });
  });

  it('leaves a URL without a ticket alone', () => {
    expect(takeWebTicket('#/pages/user/user')).toBeNull();
    expect(takeWebTicket('#/pages/user/user?id=1')).toBeNull();
    expect(takeWebTicket('#/x?webTicket=')).toBeNull();
    expect(takeWebTicket('')).toBeNull();
  });
});
