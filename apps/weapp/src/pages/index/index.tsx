import { Text, View } from '@tarojs/components';

export default function HomePage() {
  return (
    <View>
      <Text>首页</Text>
    </View>
  );
}
