// Social commerce: identity tiers, membership (会员), the 598 upgrade (推广员), two-level promotion
// (binding, team, commissions) and withdrawal of commission to a payment-app account.
export * from './admin.ts';
export * from './invite.ts';
export * from './membership.ts';
export * from './team.ts';
export * from './withdraw.ts';
