// SPEC §2: the home tab refreshes on pull-down and loads more 850px before the bottom.
export default definePageConfig({
  navigationBarTitleText: '潮品直播',
  enablePullDownRefresh: true,
  onReachBottomDistance: 850,
});
