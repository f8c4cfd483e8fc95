import {
  MAIN_PAGES,
  PRELOAD_FROM,
  SUB_PACKAGES,
  subPackageRoot,
  TAB_SELECTED_COLOR,
  TABS,
} from './routes';

// app.json, generated from SPEC §2's routes (src/routes.ts).
export default defineAppConfig({
  pages: [...MAIN_PAGES],
  subPackages: Object.entries(SUB_PACKAGES).map(([folder, pages]) => ({
    root: subPackageRoot(folder),
    pages: [...pages],
  })),
  preloadRule: Object.fromEntries(
    Object.entries(PRELOAD_FROM).map(([page, folders]) => [
      page,
      { network: 'all' as const, packages: folders.map(subPackageRoot) },
    ]),
  ),
  tabBar: {
    color: '#666666',
    selectedColor: TAB_SELECTED_COLOR,
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: TABS.map((tab) => ({ ...tab })),
  },
  window: {
    navigationBarTitleText: '潮品直播',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundTextStyle: 'dark',
  },
  lazyCodeLoading: 'requiredComponents',
});
