// SPEC §2: 我的 refreshes on pull-down and loads more 300px before the bottom.
export default definePageConfig({
  navigationBarTitleText: '我的',
  enablePullDownRefresh: true,
  onReachBottomDistance: 300,
});
