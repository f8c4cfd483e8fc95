import './platform/webGlobals';
import { useDidShow, useLaunch } from '@tarojs/taro';
import type { PropsWithChildren } from 'react';
import { rememberInvite } from './platform/invite';
import './app.css';

// The app shell: Taro renders each page inside it. A shared card's inviter is kept whenever the
// mini-program is opened or brought back by one.
function App({ children }: PropsWithChildren) {
  useLaunch((options) => rememberInvite(options.query));
  useDidShow((options) => rememberInvite(options?.query));
  return children;
}

export default App;
