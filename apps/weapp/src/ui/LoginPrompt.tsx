import { Button, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { PAGES } from './paths';
import './ui.css';

/** What a page that needs a session shows without one. */
export function LoginPrompt({ text }: { text: string }) {
  return (
    <View className="empty">
      <Text>{text}</Text>
      <Button
        className="button-primary login-prompt__button"
        onClick={() => void Taro.navigateTo({ url: PAGES.login })}
      >
        登录/注册
      </Button>
    </View>
  );
}
