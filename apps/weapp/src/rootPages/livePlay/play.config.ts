export default definePageConfig({
  navigationBarTitleText: '直播间',
  navigationBarBackgroundColor: '#000000',
  navigationBarTextStyle: 'white',
});
