/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const addressPages = {
  addresses: () => import('./pages/AddressListPage.tsx'),
  addAddress: () => import('./pages/AddAddressPage.tsx'),
  editAddress: () => import('./pages/EditAddressPage.tsx'),
} as const;
