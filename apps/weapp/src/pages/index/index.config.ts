export default definePageConfig({ navigationBarTitleText: '潮品直播' });
