export default definePageConfig({ navigationBarTitleText: '直播', enablePullDownRefresh: true });
