import { priceParts } from '@chaopin/core/format';
import { Text } from '@tarojs/components';
import './ui.css';

/** ¥ with the yuan larger than the cents, as the web app shows prices. */
export function Price({ fen }: { fen: number }) {
  const { yuan, cents } = priceParts(fen);
  return (
    <Text className="price">
      <Text className="price__symbol">¥</Text>
      <Text className="price__yuan">{yuan}</Text>
      <Text className="price__cents">.{cents}</Text>
    </Text>
  );
}
